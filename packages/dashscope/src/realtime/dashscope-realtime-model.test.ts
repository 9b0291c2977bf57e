import {
  bytesToBase64,
  InterruptedError,
  ModelError,
  RealtimeAgent,
  RealtimeEventLog,
  ValidationError,
} from "@agentscope-ts/core";
import { expectSpeech, fillAudio, speechPcm, splitPcm } from "@agentscope-ts/test-helpers";
import {
  createTestServer,
  readJsonFile,
  type TestServer,
  type WebSocketStep,
} from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import {
  DashScopeRealtimeModel,
  type DashScopeRealtimeModelOptions,
} from "./dashscope-realtime-model.js";

const PATH = "/api-ws/v1/realtime";
type Phase =
  | "session"
  | "sessionUpdated"
  | "userTurn"
  | "answer"
  | "interruptedAnswer"
  | "afterBargeIn"
  | "error";
const wire = readJsonFile<Record<Phase, unknown[]>>(
  new URL("../__fixtures__/realtime/dashscope-omni-realtime-turn.json", import.meta.url),
);
const spoken = speechPcm("It is sunny in Paris today.", "@agentscope-ts/dashscope");
const asked = speechPcm("What is the weather in Paris?", "@agentscope-ts/dashscope", 16_000);
const events = (list: unknown[]): WebSocketStep[] => list.map((data) => ({ type: "send", data }));
const opened: WebSocketStep[] = [
  ...events(wire.session),
  { type: "expect", match: { type: "session.update" } },
  ...events(wire.sessionUpdated),
];

function omni(server: TestServer, options: DashScopeRealtimeModelOptions = {}) {
  return new DashScopeRealtimeModel({
    apiKey: "sk-ds",
    baseWebSocketApiUrl: `${server.wsUrl}/api-ws/v1`,
    ...options,
  });
}

async function begin(model: DashScopeRealtimeModel) {
  const agent = new RealtimeAgent({ name: "Xiaoyun", sysPrompt: "You are Xiaoyun.", model });
  const log = new RealtimeEventLog();
  await agent.start(log.handle);
  await log.waitFor("agent_ready");
  return { agent, log };
}

describe("DashScopeRealtimeModel on a replayed omni realtime session", () => {
  it("session, audio in, transcript, audio out, barge-in with response.cancel", async () => {
    await using server = await createTestServer(
      {},
      {
        websockets: {
          [PATH]: {
            script: [
              ...opened,
              { type: "expect", match: { type: "input_audio_buffer.append" } },
              ...events(wire.userTurn),
              ...events(fillAudio(wire.answer, splitPcm(spoken.pcm, 2))),
              ...events(fillAudio(wire.interruptedAnswer, [spoken.pcm.subarray(0, 4800)])),
              { type: "expect", match: { type: "response.cancel" } },
              ...events(wire.afterBargeIn),
            ],
          },
        },
      },
    );
    const model = omni(server);
    const { agent, log } = await begin(model);
    await agent.handleInput({
      type: "client_audio_append",
      audio: bytesToBase64(asked.pcm),
      format: { type: "audio/pcm", rate: 16_000 },
    });
    const cancelled = await log.waitFor(
      "agent_response_done",
      (e) => e.metadata.status === "cancelled",
    );
    expect(cancelled.response_id).toBe("resp_Tp1C5gU7v3nYwZ0QkB2aX");

    const connection = server.connectionsTo(PATH)[0];
    expect(connection?.searchParams.get("model")).toBe("qwen3-omni-flash-realtime");
    expect(connection?.headers.authorization).toBe("Bearer sk-ds");
    expect(connection?.headers["x-dashscope-datainspection"]).toBe("disable");
    const sent = connection?.messages as Record<string, unknown>[];
    expect(sent[0]).toEqual({
      type: "session.update",
      session: {
        instructions: "You are Xiaoyun.",
        modalities: ["audio", "text"],
        input_audio_format: "pcm16",
        output_audio_format: "pcm24",
        voice: "Cherry",
        input_audio_transcription: { model: "gummy-realtime-v1" },
        turn_detection: { type: "server_vad", threshold: 0.5, silence_duration_ms: 800 },
      },
    });
    expect(sent[1]).toMatchObject({
      type: "input_audio_buffer.append",
      audio: bytesToBase64(asked.pcm),
    });
    expect(sent.map((e) => e.type)).toEqual([
      "session.update",
      "input_audio_buffer.append",
      "response.cancel",
    ]);

    expect(log.of("agent_input_transcription_done")[0]?.transcript).toBe(
      "What is the weather in Paris?",
    );
    expect(
      log
        .of("agent_response_audio_transcript_delta")
        .map((e) => e.delta)
        .join(""),
    ).toBe("It is sunny in Paris today.");
    const first = log.of("agent_response_done")[0];
    expect([first?.input_tokens, first?.output_tokens]).toEqual([194, 158]);
    expectSpeech(
      log
        .of("agent_response_audio_delta")
        .filter((e) => e.response_id === first?.response_id)
        .map((e) => ({
          type: "audio" as const,
          source: { type: "base64" as const, media_type: "audio/pcm;rate=24000", data: e.delta },
        })),
      spoken.pcm,
      24_000,
    );
    await expect(
      model.send({ type: "tool_result", id: "c", name: "t", output: "x" }),
    ).rejects.toBeInstanceOf(ValidationError);
    await agent.stop();
    expect((await connection?.closed)?.by).toBe("client");
  });

  it("faults: an error event keeps the session; a cut or a stall ends it with a ModelError", async () => {
    await using server = await createTestServer(
      {},
      {
        websockets: {
          [PATH]: {
            scripts: [
              [...opened, ...events(wire.error), { type: "stall" }],
              [...opened, ...events(wire.answer.slice(0, 1)), { type: "terminate" }],
              [...opened, ...events(wire.answer.slice(0, 1)), { type: "stall" }],
            ],
          },
        },
      },
    );
    const withError = await begin(omni(server));
    const error = await withError.log.waitFor("agent_error");
    expect(error).toMatchObject({ error_type: "invalid_request_error", code: "invalid_value" });
    expect(withError.agent.model.state).toBe("open");
    await withError.agent.stop();

    const cut = await begin(omni(server));
    await cut.log.waitFor("agent_ended");
    expect(cut.agent.error).toBeInstanceOf(ModelError);
    expect(cut.agent.error?.message).toContain("in the middle of a response");

    const stalled = await begin(omni(server, { idleTimeout: 30 }));
    await stalled.log.waitFor("agent_ended");
    expect(stalled.agent.error?.message).toContain("idleTimeout (30 ms)");
    expect((await server.connectionsTo(PATH)[2]?.closed)?.by).toBe("client");
  });

  it("a refused session configuration fails connect with a ModelError naming the API's message", async () => {
    await using server = await createTestServer(
      {},
      {
        websockets: {
          [PATH]: {
            script: [
              ...events(wire.session),
              { type: "expect", match: { type: "session.update" } },
              ...events(wire.error),
              { type: "stall" },
            ],
          },
        },
      },
    );
    const model = omni(server);
    const failure = await model
      .connect({ instructions: "", onEvent: () => {} })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ModelError);
    expect((failure as ModelError).message).toContain("Invalid value: 'pcm8'");
    expect((await server.connectionsTo(PATH)[0]?.closed)?.by).toBe("client");
  });

  it("an abort while the session opens is an InterruptedError; a refused upgrade a ModelError", async () => {
    await using server = await createTestServer(
      {},
      {
        websockets: {
          [PATH]: { script: [{ type: "stall" }] },
          "/bad/realtime": { rejectStatus: 401 },
        },
      },
    );
    const controller = new AbortController();
    const opening = omni(server).connect({
      instructions: "",
      onEvent: () => {},
      signal: controller.signal,
    });
    await expect.poll(() => server.connectionsTo(PATH).length).toBe(1);
    controller.abort();
    await expect(opening).rejects.toBeInstanceOf(InterruptedError);
    expect((await server.connectionsTo(PATH)[0]?.closed)?.by).toBe("client");

    const refused = new DashScopeRealtimeModel({
      apiKey: "bad",
      baseWebSocketApiUrl: `${server.wsUrl}/bad`,
    });
    const failure = await refused
      .connect({ instructions: "", onEvent: () => {} })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ModelError);
    expect((failure as ModelError).status).toBe(401);
  });
});
