import {
  bytesToBase64,
  InterruptedError,
  ModelError,
  RealtimeAgent,
  RealtimeEventLog,
  Toolkit,
} from "@agentscope-ts/core";
import { expectSpeech, fillAudio, speechPcm, splitPcm } from "@agentscope-ts/test-helpers";
import {
  createTestServer,
  readJsonFile,
  type TestServer,
  type WebSocketStep,
} from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { GeminiRealtimeModel, type GeminiRealtimeModelOptions } from "./gemini-realtime-model.js";

// The path the SDK opens under a custom `baseUrl` (its Live URL for the Gemini API).
const PATH = "/google.ai.generativelanguage.v1.GenerativeService.BidiGenerateContent";
const live = readJsonFile<Record<"setup" | "userTurn" | "answer" | "interruptedAnswer", unknown[]>>(
  new URL("../__fixtures__/realtime/gemini-live-turn.json", import.meta.url),
);
const answer = speechPcm("It is sunny in Paris today.", "@agentscope-ts/gemini");
const question = speechPcm("What is the weather in Paris?", "@agentscope-ts/gemini", 16_000);
const frames = (messages: unknown[]): WebSocketStep[] =>
  messages.map((data) => ({ type: "send", data }));
const handshake: WebSocketStep[] = [
  { type: "expect", match: { setup: {} } },
  ...frames(live.setup),
];

function gemini(server: TestServer, options: GeminiRealtimeModelOptions = {}) {
  return new GeminiRealtimeModel({ apiKey: "gm-key", baseURL: server.url, ...options });
}

async function run(model: GeminiRealtimeModel, toolkit?: Toolkit) {
  const agent = new RealtimeAgent({ name: "Jarvis", sysPrompt: "Answer briefly.", model, toolkit });
  const log = new RealtimeEventLog();
  await agent.start(log.handle);
  await log.waitFor("agent_ready");
  return { agent, log };
}

describe("GeminiRealtimeModel on a replayed Live session", () => {
  it("setup, audio in, transcripts, a function call answered, audio out, an interruption", async () => {
    await using server = await createTestServer(
      {},
      {
        websockets: {
          [PATH]: {
            script: [
              ...handshake,
              {
                type: "expect",
                match: { realtimeInput: { audio: { mimeType: "audio/pcm;rate=16000" } } },
              },
              ...frames(live.userTurn),
              { type: "expect", match: { toolResponse: {} } },
              ...frames(fillAudio(live.answer, splitPcm(answer.pcm, 3))),
              ...frames(fillAudio(live.interruptedAnswer, [answer.pcm.subarray(0, 4800)])),
            ],
          },
        },
      },
    );
    const toolkit = new Toolkit();
    const cities: string[] = [];
    toolkit.registerToolFunction({
      name: "get_weather",
      description: "The weather in a city.",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      execute: ({ city }) => {
        cities.push(String(city));
        return "Sunny, 24°C";
      },
    });
    const { agent, log } = await run(gemini(server), toolkit);
    await agent.handleInput({
      type: "client_audio_append",
      audio: bytesToBase64(question.pcm),
      format: { type: "audio/pcm", rate: 16_000 },
    });
    await log.waitFor("agent_response_done", (e) => e.metadata.status === "cancelled");
    expect(cities).toEqual(["Paris"]);

    const connection = server.connectionsTo(PATH)[0];
    expect(connection?.searchParams.get("key")).toBe("gm-key");
    const sent = connection?.messages as Record<string, unknown>[];
    expect(sent[0]).toEqual({
      setup: {
        model: "models/gemini-2.5-flash-native-audio-preview-09-2025",
        generationConfig: {
          responseModalities: ["AUDIO"],
          speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: "Puck" } } },
        },
        systemInstruction: { parts: [{ text: "Answer briefly." }] },
        tools: [
          {
            functionDeclarations: [
              {
                name: "get_weather",
                description: "The weather in a city.",
                parametersJsonSchema: {
                  type: "object",
                  properties: { city: { type: "string" } },
                  required: ["city"],
                },
              },
            ],
          },
        ],
        inputAudioTranscription: {},
        outputAudioTranscription: {},
      },
    });
    expect(sent[1]).toEqual({
      realtimeInput: {
        audio: { data: bytesToBase64(question.pcm), mimeType: "audio/pcm;rate=16000" },
      },
    });
    expect(sent[2]).toEqual({
      toolResponse: {
        functionResponses: [
          {
            id: "function-call-7734901853627645516",
            name: "get_weather",
            response: { result: "Sunny, 24°C" },
          },
        ],
      },
    });
    expect(sent).toHaveLength(3); // Gemini answers a tool response by itself; a barge-in sends nothing.

    expect(log.of("agent_input_transcription_done")[0]?.transcript).toBe(
      "What is the weather in Paris?",
    );
    expect(
      log
        .of("agent_response_audio_transcript_delta")
        .map((e) => e.delta)
        .join(""),
    ).toBe("It is sunny in Paris today.");
    // Gemini continues the same turn after the tool response: one response holds the call and the answer.
    const [spoken, cut] = log.of("agent_response_done");
    const toolUse = log.of("agent_response_tool_use_done")[0];
    expect(toolUse?.tool_use.input).toEqual({ city: "Paris" });
    expect(toolUse?.response_id).toBe(spoken?.response_id);
    expect([spoken?.metadata.status, spoken?.output_tokens, cut?.metadata.status]).toEqual([
      "completed",
      96,
      "cancelled",
    ]);
    const blocks = log
      .of("agent_response_audio_delta")
      .filter((e) => e.response_id === spoken?.response_id)
      .map((e) => ({
        type: "audio" as const,
        source: { type: "base64" as const, media_type: "audio/pcm;rate=24000", data: e.delta },
      }));
    expectSpeech(blocks, answer.pcm, 24_000);
    // The interruption reached the front end as user speech, after the cut answer's audio.
    const types = log.types;
    expect(types.lastIndexOf("agent_input_started")).toBeGreaterThan(
      types.lastIndexOf("agent_response_audio_delta"),
    );
    await agent.stop();
    expect((await connection?.closed)?.by).toBe("client");
  });

  it("an API error closing the socket, and a cut mid-answer, end the session with a ModelError", async () => {
    await using server = await createTestServer(
      {},
      {
        websockets: {
          [PATH]: {
            scripts: [
              [
                ...handshake,
                { type: "close", code: 1007, reason: "Request contains an invalid argument." },
              ],
              [
                ...handshake,
                ...frames(fillAudio(live.answer.slice(0, 2), [answer.pcm])),
                { type: "terminate" },
              ],
            ],
          },
        },
      },
    );
    for (const detail of ["code 1007: Request contains an invalid argument.", "code 1006"]) {
      const model = gemini(server);
      const { agent, log } = await run(model);
      await log.waitFor("agent_ended");
      expect(agent.error).toBeInstanceOf(ModelError);
      expect(agent.error?.message).toContain(detail);
      expect(log.of("agent_error")).toHaveLength(1);
      expect(model.state).toBe("closed");
    }
  });

  it("a stalled socket is a ModelError naming idleTimeout; a stalled setup is abortable", async () => {
    await using server = await createTestServer(
      {},
      {
        websockets: {
          [PATH]: {
            scripts: [
              [...handshake, ...frames(live.answer.slice(0, 1)), { type: "stall" }],
              [{ type: "stall" }],
            ],
          },
        },
      },
    );
    const stalled = gemini(server, { idleTimeout: 30 });
    const { agent, log } = await run(stalled);
    await log.waitFor("agent_ended");
    expect(agent.error?.message).toContain("idleTimeout (30 ms)");

    const controller = new AbortController();
    const waiting = gemini(server).connect({
      instructions: "",
      onEvent: () => {},
      signal: controller.signal,
    });
    await expect.poll(() => server.connectionsTo(PATH).length).toBe(2);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(InterruptedError);
    expect((await server.connectionsTo(PATH)[1]?.closed)?.by).toBe("client");
  });
});
