import {
  createRegistry,
  InterruptedError,
  ModelError,
  Msg,
  type TTSResponse,
} from "@agentscope-ts/core";
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
import { DashScopeError } from "../model/dashscope-error.js";
import { dashscope } from "../provider/dashscope-provider.js";
import type { CosyVoiceModelOptions } from "./cosyvoice-setup.js";
import { DashScopeCosyVoiceTTSModel } from "./dashscope-cosyvoice-tts-model.js";

const PATH = "/api-ws/v1/inference";
const TEXT = "Before my bed, the moonlight shines bright.";
const speech = speechPcm(TEXT, "@agentscope-ts/dashscope");
const audio = splitPcm(speech.pcm, 3);
const task = ttsFixture<Turn[]>("cosyvoice-one-shot-task");
const runTask = { type: "expect", match: { header: { action: "run-task" } } } as const;
const started = conversationScript([task[1] as Turn], []);

function model(server: TestServer, options: CosyVoiceModelOptions = {}) {
  return new DashScopeCosyVoiceTTSModel({
    apiKey: "sk-test",
    baseWebSocketApiUrl: `${server.wsUrl}/api-ws/v1`,
    retry: { initialDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
}

async function serve(scripts: WebSocketStep[][]) {
  return createTestServer({}, { websockets: { [PATH]: { scripts } } });
}

const say = () => new Msg({ name: "assistant", content: TEXT, role: "assistant" });

async function collect(stream: AsyncIterable<TTSResponse>, seen: TTSResponse[] = []) {
  for await (const response of stream) seen.push(response);
  return seen;
}

describe("DashScopeCosyVoiceTTSModel", () => {
  it("runs one task per message and decodes the binary audio frames (24 kHz PCM)", async () => {
    await using server = await serve([conversationScript(task, audio)]);
    const response = await model(server).synthesize(say());
    expect(response.usage).toMatchObject({ inputTokens: 42 });
    expectSpeech([response], speech.pcm, 24_000);

    const [connection] = server.connectionsTo(PATH);
    expect(connection?.headers.authorization).toBe("Bearer sk-test");
    const [run, text, finish] = (connection?.messages ?? []) as { header: { task_id: string } }[];
    expect(run).toMatchObject({
      header: { action: "run-task", streaming: "duplex" },
      payload: {
        model: "cosyvoice-v3-plus",
        task_group: "audio",
        task: "tts",
        function: "SpeechSynthesizer",
        parameters: {
          voice: "longanyang",
          format: "pcm",
          sample_rate: 24_000,
          text_type: "PlainText",
        },
      },
    });
    const taskId = run?.header.task_id;
    expect(text).toMatchObject({
      header: { action: "continue-task", task_id: taskId },
      payload: { input: { text: TEXT } },
    });
    expect(finish).toMatchObject({ header: { action: "finish-task", task_id: taskId } });
    expect(await connection?.closed).toMatchObject({ by: "client" });
  });

  it("streams a delta per audio frame with stream: true, at the asked sample rate", async () => {
    const at16k = speechPcm(TEXT, "@agentscope-ts/dashscope", 16_000);
    await using server = await serve([conversationScript(task, splitPcm(at16k.pcm, 3))]);
    const tts = model(server, { stream: true, sampleRate: 16_000, voice: "longhuhu_v3" });
    const responses = await collect(tts.synthesizeStream(say()));
    expect(responses.map((r) => r.isLast)).toEqual([false, false, false, true]);
    expectSpeech(responses, at16k.pcm, 16_000);
    expect(server.connectionsTo(PATH)[0]?.messages[0]).toMatchObject({
      payload: { parameters: { sample_rate: 16_000, voice: "longhuhu_v3" } },
    });
  });

  it("turns task-failed into a DashScopeError with its error_code", async () => {
    const failed = serverFrame(ttsFixture("cosyvoice-task-failed"));
    await using server = await serve([[runTask, failed, { type: "stall" }]]);
    const error = await rejectionOf(
      model(server, { maxRetries: 0 }).synthesize(say()),
      DashScopeError,
    );
    expect(error).toMatchObject({ errorCode: "InvalidParameter", retryable: false });
    expect(error.message).toMatch(/Engine return error code: 418/);
  });

  it("fails typed on a socket closed mid-synthesis, a stall, and an abort", async () => {
    let reached!: () => void;
    const waiting = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const midway: WebSocketStep[] = [
      runTask,
      ...started,
      { type: "expect", match: { header: { action: "finish-task" } } },
      { type: "sendBinary", data: audio[0] as Uint8Array },
    ];
    await using server = await serve([
      [...midway, { type: "terminate" }],
      [...midway, { type: "stall" }],
      [
        ...midway,
        {
          type: "send",
          from: () => {
            reached();
            return { header: { event: "result-generated", task_id: "x" }, payload: {} };
          },
        },
        { type: "stall" },
      ],
    ]);
    const tts = model(server, { stream: true, maxRetries: 0, idleTimeout: 300 });
    const seen: TTSResponse[] = [];
    const cut = await rejectionOf(collect(tts.synthesizeStream(say()), seen), ModelError);
    expect(cut).toMatchObject({ retryable: true });
    expect(cut.message).toMatch(/closed before the synthesis finished/);
    expect(seen.filter((r) => r.content)).toHaveLength(1);

    const stalled = await rejectionOf(tts.synthesize(say()), ModelError);
    expect(stalled.message).toMatch(/300 ms/);
    expect(await server.connectionsTo(PATH)[1]?.closed).toMatchObject({ by: "client" });

    const controller = new AbortController();
    const pending = tts.synthesize(say(), { signal: controller.signal, idleTimeout: null });
    await waiting;
    controller.abort();
    await rejectionOf(pending, InterruptedError);
    expect(await server.connectionsTo(PATH)[2]?.closed).toMatchObject({ by: "client" });
  });

  it("is the dashscope provider's TTS model for cosyvoice names with streamingInput: false", () => {
    const registry = createRegistry().register(dashscope({ apiKey: "sk-test" }));
    const tts = registry.ttsModel("dashscope:cosyvoice-v3-flash", { streamingInput: false });
    expect(tts).toBeInstanceOf(DashScopeCosyVoiceTTSModel);
    expect(tts).toMatchObject({ modelName: "cosyvoice-v3-flash", streaming: false });
    expect(() => model({ wsUrl: "ws://x" } as TestServer, { format: "aac" as never })).toThrow(
      /format/,
    );
    expect(() => model({ wsUrl: "ws://x" } as TestServer, { sampleRate: 12_345 })).toThrow(
      /sampleRate/,
    );
  });
});
