import { createRegistry, InterruptedError, ModelError, Msg, StateError } from "@agentscope-ts/core";
import { rejectionOf } from "@agentscope-ts/core/testing";
import { expectSpeech, speechPcm, splitPcm } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer, type WebSocketStep } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import {
  conversationScript,
  serverFrame,
  type Turn,
  ttsFixture,
} from "../__fixtures__/tts-fixtures.js";
import { speakInPieces } from "../__fixtures__/tts-session.js";
import { DashScopeError } from "../model/dashscope-error.js";
import { dashscope } from "../provider/dashscope-provider.js";
import {
  DashScopeCosyVoiceRealtimeTTSModel,
  type DashScopeCosyVoiceRealtimeTTSModelOptions,
} from "./dashscope-cosyvoice-realtime-tts-model.js";

const PATH = "/api-ws/v1/inference";
const PIECES = ["Before my bed ", "the moonlight shines, ", "like frost upon the ground."];
const TEXT = PIECES.join("");
const speech = speechPcm(TEXT, "@agentscope-ts/dashscope");
const audio = splitPcm(speech.pcm, 3);
const task = ttsFixture<Turn[]>("cosyvoice-realtime-task");
const runTask = { type: "expect", match: { header: { action: "run-task" } } } as const;
const taskStarted = conversationScript([task[1] as Turn], []);

function model(server: TestServer, options: DashScopeCosyVoiceRealtimeTTSModelOptions = {}) {
  return new DashScopeCosyVoiceRealtimeTTSModel({
    apiKey: "sk-test",
    baseWebSocketApiUrl: `${server.wsUrl}/api-ws/v1`,
    ...options,
  });
}

async function serve(scripts: WebSocketStep[][]) {
  return createTestServer({}, { websockets: { [PATH]: { scripts } } });
}

describe("DashScopeCosyVoiceRealtimeTTSModel", () => {
  it("speaks text pushed in three pieces: audio starts before the last piece is pushed", async () => {
    await using server = await serve([conversationScript(task, audio)]);
    await using tts = model(server);
    const spoken = await speakInPieces(tts, PIECES);
    expect(spoken.events).toEqual([
      "push:1",
      "audio",
      "push:2",
      "audio",
      "push:3",
      "audio",
      "last",
    ]);
    expect(spoken.last?.usage).toMatchObject({ inputTokens: 42 });
    expectSpeech(spoken.audio, speech.pcm, 24_000);

    const messages = server.connectionsTo(PATH)[0]?.messages as {
      header: { action: string; task_id: string };
      payload: { input?: { text?: string } };
    }[];
    expect(messages.map((m) => m.header.action)).toEqual([
      "run-task",
      "continue-task",
      "continue-task",
      "continue-task",
      "finish-task",
    ]);
    expect(new Set(messages.map((m) => m.header.task_id)).size).toBe(1);
    expect(messages.flatMap((m) => m.payload.input?.text ?? [])).toEqual(PIECES);
  });

  it("runs the next message as a new task on the same socket", async () => {
    await using server = await serve([
      [...conversationScript(task, audio), ...conversationScript(task, audio)],
    ]);
    await using tts = model(server);
    await speakInPieces(tts, PIECES);
    const second = await speakInPieces(tts, PIECES);
    expectSpeech(second.audio, speech.pcm, 24_000);
    const connections = server.connectionsTo(PATH);
    expect(connections).toHaveLength(1);
    const runs = (
      (connections[0]?.messages ?? []) as { header: { action: string; task_id: string } }[]
    )
      .filter((m) => m.header.action === "run-task")
      .map((m) => m.header.task_id);
    expect(runs).toHaveLength(2);
    expect(runs[0]).not.toBe(runs[1]);
  });

  it("speaks one message at a time", async () => {
    await using server = await serve([[runTask, ...taskStarted, { type: "stall" }]]);
    await using tts = model(server);
    await tts.push(new Msg({ name: "a", content: "First message.", role: "assistant" }));
    const other = new Msg({ name: "a", content: "Second message.", role: "assistant" });
    await rejectionOf(tts.push(other), StateError);
  });

  it("turns task-failed into a DashScopeError and starts over on a new socket", async () => {
    await using server = await serve([
      [
        runTask,
        ...taskStarted,
        { type: "expect", match: { header: { action: "continue-task" } } },
        serverFrame(ttsFixture("cosyvoice-task-failed")),
        { type: "stall" },
      ],
      conversationScript(task, audio),
    ]);
    await using tts = model(server);
    const msg = new Msg({ name: "a", content: TEXT, role: "assistant" });
    const error = await rejectionOf(tts.synthesize(msg), DashScopeError);
    expect(error).toMatchObject({ errorCode: "InvalidParameter", provider: "dashscope" });
    const spoken = await speakInPieces(tts, PIECES);
    expectSpeech(spoken.audio, speech.pcm, 24_000);
    expect(server.connectionsTo(PATH)).toHaveLength(2);
  });

  it("fails typed on a socket closed mid-synthesis, a stall past idleTimeout, and an abort", async () => {
    let reached!: () => void;
    const finishing = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const upToFinish: WebSocketStep[] = [
      runTask,
      ...taskStarted,
      { type: "expect", match: { header: { action: "continue-task" } } },
      { type: "sendBinary", data: audio[0] as Uint8Array },
      { type: "expect", match: { header: { action: "finish-task" } } },
    ];
    await using server = await serve([
      [...upToFinish, { type: "close", code: 4000, reason: "gone" }],
      [...upToFinish, { type: "stall" }],
      [
        ...upToFinish,
        {
          type: "send",
          from: () => {
            reached();
            return { header: { event: "result-generated", task_id: "other" }, payload: {} };
          },
        },
        { type: "stall" },
      ],
    ]);
    await using tts = model(server, { idleTimeout: 300 });
    const msg = () => new Msg({ name: "a", content: TEXT, role: "assistant" });

    const closed = await rejectionOf(tts.synthesize(msg()), ModelError);
    expect(closed).toMatchObject({ retryable: true });
    expect(closed.message).toMatch(/closed before the synthesis finished \(code 4000: gone\)/);

    const stalled = await rejectionOf(tts.synthesize(msg()), ModelError);
    expect(stalled.message).toMatch(/300 ms/);
    expect(await server.connectionsTo(PATH)[1]?.closed).toMatchObject({ by: "client" });

    const controller = new AbortController();
    const pending = tts.synthesize(msg(), { signal: controller.signal, idleTimeout: null });
    await finishing;
    controller.abort();
    await rejectionOf(pending, InterruptedError);
    expect(await server.connectionsTo(PATH)[2]?.closed).toMatchObject({ by: "client" });
  });

  it("is the dashscope provider's default TTS model for cosyvoice names", () => {
    const registry = createRegistry().register(dashscope({ apiKey: "sk-test" }));
    const tts = registry.ttsModel("dashscope:cosyvoice-v3-plus", { voice: "longanhuan" });
    expect(tts).toBeInstanceOf(DashScopeCosyVoiceRealtimeTTSModel);
    expect(tts).toMatchObject({ voice: "longanhuan", supportsStreamingInput: true });
  });
});
