import { connect } from "node:net";
import {
  bytesToBase64,
  InterruptedError,
  ModelError,
  RealtimeAgent,
  RealtimeEventLog,
  type ToolDefinition,
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
import { OpenAIRealtimeModel, type OpenAIRealtimeModelOptions } from "./openai-realtime-model.js";

const PATH = "/v1/realtime";
type Phase =
  | "session"
  | "sessionUpdated"
  | "userTurn"
  | "answer"
  | "interruptedAnswer"
  | "afterBargeIn"
  | "error";
const fixture = readJsonFile<Record<Phase, unknown[]>>(
  new URL("../__fixtures__/realtime/openai-realtime-turn.json", import.meta.url),
);
const answer = speechPcm("It is sunny in Paris today.", "@agentscope-ts/openai");
const question = speechPcm("What is the weather in Paris?", "@agentscope-ts/openai");
// 100 ms of 24 kHz PCM16: what the model had said when the user barged in.
const cutPiece = answer.pcm.subarray(0, 4800);

const send = (events: unknown[]): WebSocketStep[] => events.map((data) => ({ type: "send", data }));
const opening: WebSocketStep[] = [
  ...send(fixture.session),
  { type: "expect", match: { type: "session.update" } },
  ...send(fixture.sessionUpdated),
];

/** A model whose `wss://` socket reaches the plain test server (the SDK only speaks `wss:`). */
function model(server: TestServer, options: OpenAIRealtimeModelOptions = {}) {
  const port = Number(new URL(server.url).port);
  return new OpenAIRealtimeModel({
    apiKey: "sk-test",
    baseURL: `${server.url}/v1`,
    webSocketOptions: { createConnection: () => connect(port, "127.0.0.1") },
    ...options,
  });
}

function weather(runs: string[]): ToolDefinition {
  return {
    name: "get_weather",
    description: "The weather in a city.",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    execute: (input) => {
      runs.push(String(input.city));
      return "Sunny, 24°C";
    },
  };
}

const hanging: ToolDefinition = {
  name: "get_weather",
  description: "Never answers.",
  parameters: { type: "object", properties: {} },
  execute: (_input, { signal }) =>
    new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
};

async function startAgent(m: OpenAIRealtimeModel, toolkit?: Toolkit, approve?: () => boolean) {
  const agent = new RealtimeAgent({
    name: "Friday",
    sysPrompt: "You are a helpful assistant.",
    model: m,
    toolkit,
    approveToolCall: approve,
  });
  const log = new RealtimeEventLog();
  await agent.start(log.handle);
  await log.waitFor("agent_ready");
  return { agent, log };
}

const userAudio = () => ({
  type: "client_audio_append" as const,
  audio: bytesToBase64(question.pcm),
  format: { type: "audio/pcm", rate: 24_000 },
});

describe("OpenAIRealtimeModel on a replayed Realtime session", () => {
  it("a spoken turn: session, audio in, transcript, tool call answered, audio out, barge-in", async () => {
    const pieces = splitPcm(answer.pcm, 3);
    await using server = await createTestServer(
      {},
      {
        websockets: {
          [PATH]: {
            script: [
              ...opening,
              { type: "expect", match: { type: "input_audio_buffer.append" } },
              ...send(fixture.userTurn),
              {
                type: "expect",
                match: { type: "conversation.item.create", item: { type: "function_call_output" } },
              },
              { type: "expect", match: { type: "response.create" } },
              ...send(fillAudio(fixture.answer, pieces)),
              ...send(fillAudio(fixture.interruptedAnswer, [cutPiece])),
              { type: "expect", match: { type: "conversation.item.truncate" } },
              ...send(fixture.afterBargeIn),
            ],
          },
        },
      },
    );
    const runs: string[] = [];
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(weather(runs));
    const m = model(server);
    const { agent, log } = await startAgent(m, toolkit);
    await agent.handleInput(userAudio());

    const done = await log.waitFor("agent_response_done", (e) => e.metadata.status === "cancelled");
    expect(done.response_id).toBe("resp_C1aVsCut");
    expect(runs).toEqual(["Paris"]);

    const [connection] = server.connectionsTo(PATH);
    if (!connection) throw new Error("no connection");
    expect(connection.searchParams.get("model")).toBe("gpt-realtime");
    expect(connection.headers.authorization).toBe("Bearer sk-test");
    const sent = connection.messages as { type: string; [k: string]: unknown }[];
    expect(sent[0]).toEqual({
      type: "session.update",
      session: {
        type: "realtime",
        output_modalities: ["audio"],
        audio: {
          input: {
            format: { type: "audio/pcm", rate: 24_000 },
            turn_detection: { type: "server_vad", create_response: true },
            transcription: { model: "whisper-1" },
          },
          output: { format: { type: "audio/pcm", rate: 24_000 }, voice: "alloy" },
        },
        instructions: "You are a helpful assistant.",
        tools: [
          {
            type: "function",
            name: "get_weather",
            description: "The weather in a city.",
            parameters: {
              type: "object",
              properties: { city: { type: "string" } },
              required: ["city"],
            },
          },
        ],
      },
    });
    expect(sent[1]).toEqual({
      type: "input_audio_buffer.append",
      audio: bytesToBase64(question.pcm),
    });
    expect(sent.slice(2).map((e) => e.type)).toEqual([
      "conversation.item.create",
      "response.create",
      "response.cancel",
      "conversation.item.truncate",
    ]);
    expect(sent[2]).toEqual({
      type: "conversation.item.create",
      item: { type: "function_call_output", call_id: "call_Wx7pQ2", output: "Sunny, 24°C" },
    });
    expect(sent[5]).toEqual({
      type: "conversation.item.truncate",
      item_id: "item_C1aVsCut",
      content_index: 0,
      audio_end_ms: 100,
    });

    expect(log.of("agent_input_transcription_done")[0]?.transcript).toBe(
      "What is the weather in Paris?",
    );
    const toolUse = log.of("agent_response_tool_use_done")[0]?.tool_use;
    expect(toolUse).toEqual({
      type: "tool_use",
      id: "call_Wx7pQ2",
      name: "get_weather",
      input: { city: "Paris" },
      raw_input: '{"city":"Paris"}',
    });
    expect(log.of("agent_response_tool_use_delta").map((e) => e.tool_use.raw_input)).toEqual([
      '{"city":',
      '{"city":"Paris"}',
    ]);
    expect(
      log
        .of("agent_response_audio_transcript_delta")
        .map((e) => e.delta)
        .join(""),
    ).toBe("It is sunny in Paris today.");
    const spoken = log
      .of("agent_response_audio_delta")
      .filter((e) => e.response_id === "resp_C1aVrSay")
      .map((e) => ({
        type: "audio" as const,
        source: { type: "base64" as const, media_type: "audio/pcm;rate=24000", data: e.delta },
      }));
    expectSpeech(spoken, answer.pcm, 24_000);
    expect(
      log.of("agent_response_done").map((e) => [e.response_id, e.input_tokens, e.output_tokens]),
    ).toEqual([
      ["resp_C1aVqTool", 398, 14],
      ["resp_C1aVrSay", 436, 94],
      ["resp_C1aVsCut", 440, 20],
    ]);

    await agent.stop();
    expect(await connection.closed).toMatchObject({ by: "client", code: 1000 });
    expect(log.types.at(-1)).toBe("agent_ended");
  });

  it("forwards an error event and keeps the session open", async () => {
    await using server = await createTestServer(
      {},
      {
        websockets: { [PATH]: { script: [...opening, ...send(fixture.error), { type: "stall" }] } },
      },
    );
    const m = model(server);
    const { agent, log } = await startAgent(m);
    const error = await log.waitFor("agent_error");
    expect(error).toMatchObject({ error_type: "invalid_request_error", code: "invalid_value" });
    expect(m.state).toBe("open");
    await agent.stop();
  });

  it("a refused session configuration fails connect with a ModelError naming the API's message", async () => {
    await using server = await createTestServer(
      {},
      {
        websockets: {
          [PATH]: {
            script: [
              ...send(fixture.session),
              { type: "expect", match: { type: "session.update" } },
              ...send(fixture.error),
              { type: "stall" },
            ],
          },
        },
      },
    );
    const m = model(server);
    const error = await m.connect({ instructions: "", onEvent: () => {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).message).toContain("Invalid value: 'pcm8'");
    expect(m.state).toBe("closed");
    expect((await server.connectionsTo(PATH)[0]?.closed)?.by).toBe("client");
  });

  it("a socket cut mid-response: ModelError, the tool call still answered, the session closed", async () => {
    await using server = await createTestServer(
      {},
      {
        websockets: {
          [PATH]: {
            script: [...opening, ...send(fixture.userTurn.slice(4, 10)), { type: "terminate" }],
          },
        },
      },
    );
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(hanging);
    const m = model(server);
    const { agent, log } = await startAgent(m, toolkit);
    await log.waitFor("agent_ended");
    expect(agent.error).toBeInstanceOf(ModelError);
    expect(agent.error?.message).toMatch(
      /closed unexpectedly \(code 1006\) in the middle of a response/,
    );
    expect(agent.pendingToolCalls).toBe(0);
    expect(log.of("agent_response_tool_result").map((e) => e.tool_result.id)).toEqual([
      "call_Wx7pQ2",
    ]);
    expect(m.state).toBe("closed");
  });

  it("a tool that times out and a refused tool are answered with their results", async () => {
    const script: WebSocketStep[] = [
      ...opening,
      ...send(fixture.userTurn),
      { type: "expect", match: { type: "response.create" } },
      { type: "stall" },
    ];
    await using server = await createTestServer({}, { websockets: { [PATH]: { script } } });

    const slow = new Toolkit();
    slow.registerToolFunction(hanging, { executionTimeout: 20 });
    const first = await startAgent(model(server), slow);
    await first.log.waitFor("agent_response_tool_result");
    await first.agent.stop();

    const runs: string[] = [];
    const guarded = new Toolkit();
    guarded.registerToolFunction(weather(runs));
    const second = await startAgent(model(server), guarded, () => false);
    await second.log.waitFor("agent_response_tool_result");
    await second.agent.stop();
    expect(runs).toEqual([]);

    const outputOf = (n: number): string | undefined => {
      const out = server
        .connectionsTo(PATH)
        [n]?.messages.find(
          (m) => (m as { item?: { type?: string } }).item?.type === "function_call_output",
        ) as { item: { output: string } } | undefined;
      return out?.item.output;
    };
    await expect.poll(() => outputOf(1)).toBeDefined();
    const outputs = [outputOf(0), outputOf(1)];
    expect(outputs[0]).toContain("did not finish within 20 ms");
    expect(outputs[1]).toBe(
      "ToolRefusedError: the call to 'get_weather' was not run: the user refused it.",
    );
  });

  it("a stalled socket mid-response ends the session with a ModelError naming idleTimeout", async () => {
    await using server = await createTestServer(
      {},
      {
        websockets: {
          [PATH]: {
            script: [...opening, ...send(fixture.userTurn.slice(4, 5)), { type: "stall" }],
          },
        },
      },
    );
    const m = model(server, { idleTimeout: 30 });
    const { agent, log } = await startAgent(m);
    await log.waitFor("agent_ended");
    expect(agent.error).toBeInstanceOf(ModelError);
    expect(agent.error?.message).toContain("idleTimeout (30 ms)");
    expect((await server.connectionsTo(PATH)[0]?.closed)?.by).toBe("client");
  });

  it("connect: an abort is an InterruptedError, a refused upgrade a ModelError with the status", async () => {
    await using server = await createTestServer(
      {},
      {
        websockets: {
          [PATH]: { script: [{ type: "stall" }] },
          "/bad/v1/realtime": { rejectStatus: 401 },
        },
      },
    );
    const controller = new AbortController();
    const m = model(server);
    const agent = new RealtimeAgent({ name: "A", sysPrompt: "", model: m });
    const starting = agent.start(() => {}, { signal: controller.signal });
    await expect.poll(() => server.connectionsTo(PATH).length).toBe(1);
    controller.abort();
    await expect(starting).rejects.toBeInstanceOf(InterruptedError);
    expect((await server.connectionsTo(PATH)[0]?.closed)?.by).toBe("client");

    const port = Number(new URL(server.url).port);
    const refused = new OpenAIRealtimeModel({
      apiKey: "wrong",
      baseURL: `${server.url}/bad/v1`,
      webSocketOptions: { createConnection: () => connect(port, "127.0.0.1") },
    });
    const error = await refused
      .connect({ instructions: "", onEvent: () => {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).status).toBe(401);
    expect(refused.state).toBe("closed");
  });
});
