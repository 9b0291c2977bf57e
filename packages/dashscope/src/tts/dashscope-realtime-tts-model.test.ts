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
import { speakInPieces } from "../__fixtures__/tts-session.js";
import { DashScopeError } from "../model/dashscope-error.js";
import { dashscope } from "../provider/dashscope-provider.js";
import {
  DashScopeRealtimeTTSModel,
  type DashScopeRealtimeTTSModelOptions,
} from "./dashscope-realtime-tts-model.js";

const PATH = "/api-ws/v1/realtime";
const PIECES = ["The weather in Paris ", "is sunny today, ", "with a light breeze."];
const TEXT = PIECES.join("");
const speech = speechPcm(TEXT, "@agentscope-ts/dashscope");
const audio = splitPcm(speech.pcm, 3);
const session = ttsFixture<Turn[]>("qwen-tts-realtime-session");
const [created, update, updated] = session;
const handshake = conversationScript([created, update, updated] as Turn[], []);
const appendOnce = { type: "expect", match: { type: "input_text_buffer.append" } } as const;

function model(server: TestServer, options: DashScopeRealtimeTTSModelOptions = {}) {
  return new DashScopeRealtimeTTSModel({
    apiKey: "sk-test",
    baseWebSocketApiUrl: `${server.wsUrl}/api-ws/v1`,
    ...options,
  });
}

async function serve(scripts: WebSocketStep[][]) {
  return createTestServer({}, { websockets: { [PATH]: { scripts } } });
}

async function collect(stream: AsyncIterable<TTSResponse>, seen: TTSResponse[] = []) {
  for await (const response of stream) seen.push(response);
  return seen;
}

describe("DashScopeRealtimeTTSModel", () => {
  it("speaks text pushed in three pieces: audio starts before the last piece is pushed", async () => {
    await using server = await serve([conversationScript(session, audio)]);
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
    expect(spoken.events.indexOf("audio")).toBeLessThan(spoken.events.indexOf("push:3"));
    expect(spoken.last?.usage).toMatchObject({ inputTokens: 42 });
    expectSpeech(spoken.audio, speech.pcm, 24_000);

    const [connection] = server.connectionsTo(PATH);
    expect(connection?.searchParams.get("model")).toBe("qwen3-tts-flash-realtime");
    expect(connection?.headers.authorization).toBe("Bearer sk-test");
    const sent = connection?.messages as { type: string; text?: string; session?: unknown }[];
    expect(sent.map((m) => m.type)).toEqual([
      "session.update",
      "input_text_buffer.append",
      "input_text_buffer.append",
      "input_text_buffer.append",
      "input_text_buffer.commit",
      "session.finish",
    ]);
    expect(sent[0]?.session).toEqual({
      voice: "Cherry",
      mode: "server_commit",
      response_format: "pcm",
      sample_rate: 24_000,
    });
    expect(sent.filter((m) => m.text !== undefined).map((m) => m.text)).toEqual(PIECES);
  });

  it("opens a new session for the next message, and synthesize(msg) speaks a whole message", async () => {
    const oneAppend = session.filter(
      (turn, i) =>
        !("client" in turn && turn.client.type === "input_text_buffer.append") ||
        i ===
          session.findIndex((t) => "client" in t && t.client.type === "input_text_buffer.append"),
    );
    await using server = await serve([
      conversationScript(oneAppend, audio),
      conversationScript(oneAppend, audio),
    ]);
    await using tts = model(server, {
      voice: "Ethan",
      generateKwargs: { language_type: "English" },
    });
    for (let i = 0; i < 2; i++) {
      const msg = new Msg({ name: "assistant", content: TEXT, role: "assistant" });
      const response = await tts.synthesize(msg);
      expectSpeech([response], speech.pcm, 24_000);
    }
    const connections = server.connectionsTo(PATH);
    expect(connections).toHaveLength(2);
    expect(connections[1]?.messages[0]).toMatchObject({
      session: { voice: "Ethan", language_type: "English" },
    });
  });

  it("holds the first text back until coldStartLength / coldStartWords are reached", async () => {
    const appends = session.flatMap((turn, i) =>
      "client" in turn && turn.client.type === "input_text_buffer.append" ? [i] : [],
    );
    const twoAppends = session.filter((_, i) => i !== appends[1]);
    await using server = await serve([conversationScript(twoAppends, audio)]);
    await using tts = model(server, { coldStartWords: 5 });
    const spoken = await speakInPieces(tts, PIECES, { waitForAudio: false });
    const sent = server.connectionsTo(PATH)[0]?.messages as { text?: string }[];
    // the first piece (four words) waited for the second; the rest went as it came
    expect(sent.filter((m) => m.text !== undefined).map((m) => m.text)).toEqual([
      `${PIECES[0]}${PIECES[1]}`,
      PIECES[2],
    ]);
    expectSpeech(spoken.audio, speech.pcm, 24_000);
  });

  it("turns an error event into a DashScopeError and recovers on a fresh session", async () => {
    await using server = await serve([
      [...handshake, serverFrame(ttsFixture("qwen-tts-realtime-error")), { type: "stall" }],
      conversationScript(session, audio),
    ]);
    await using tts = model(server, { voice: "Nobody" });
    const msg = new Msg({ name: "assistant", content: TEXT, role: "assistant" });
    const error = await rejectionOf(tts.synthesize(msg), DashScopeError);
    expect(error).toMatchObject({ errorCode: "invalid_value", provider: "dashscope" });
    expect(error.message).toMatch(/session\.voice|Nobody/);
    const spoken = await speakInPieces(tts, PIECES);
    expectSpeech(spoken.audio, speech.pcm, 24_000);
    expect(server.connectionsTo(PATH)).toHaveLength(2);
  });

  it("fails typed when the socket closes mid-synthesis, keeping the audio that came first", async () => {
    await using server = await serve([
      [
        ...handshake,
        appendOnce,
        serverFrame({ type: "response.audio.delta", delta: "<audio:0>" }, audio),
        { type: "expect", match: { type: "session.finish" } },
        { type: "terminate" },
      ],
    ]);
    await using tts = model(server);
    const seen: TTSResponse[] = [];
    const msg = new Msg({ name: "assistant", content: TEXT, role: "assistant" });
    const error = await rejectionOf(collect(tts.synthesizeStream(msg), seen), ModelError);
    expect(error).toMatchObject({ provider: "dashscope", retryable: true });
    expect(error.message).toMatch(/closed before the synthesis finished/);
    expect(seen.filter((r) => r.content)).toHaveLength(1);
  });

  it("bounds a stalled socket by idleTimeout and stops on abort, closing the socket", async () => {
    let reached!: () => void;
    const finishing = new Promise<void>((resolve) => {
      reached = resolve;
    });
    await using server = await serve([
      [...handshake, appendOnce, { type: "stall" }],
      [
        ...handshake,
        appendOnce,
        { type: "expect", match: { type: "session.finish" } },
        {
          type: "send",
          from: () => {
            reached();
            return { type: "input_text_buffer.committed", item_id: "" };
          },
        },
        { type: "stall" },
      ],
    ]);
    await using tts = model(server, { idleTimeout: 300 });
    const msg = () => new Msg({ name: "assistant", content: TEXT, role: "assistant" });
    const stalled = await rejectionOf(tts.synthesize(msg()), ModelError);
    expect(stalled.retryable).toBe(true);
    expect(stalled.message).toMatch(/300 ms/);
    expect(await server.connectionsTo(PATH)[0]?.closed).toMatchObject({ by: "client" });

    const controller = new AbortController();
    const pending = tts.synthesize(msg(), { signal: controller.signal, idleTimeout: null });
    await finishing;
    controller.abort();
    await rejectionOf(pending, InterruptedError);
    expect(await server.connectionsTo(PATH)[1]?.closed).toMatchObject({ by: "client" });
  });

  it("names the host and status when the upgrade is refused", async () => {
    await using server = await createTestServer(
      {},
      { websockets: { [PATH]: { rejectStatus: 401 } } },
    );
    await using tts = model(server);
    const msg = new Msg({ name: "assistant", content: TEXT, role: "assistant" });
    const error = await rejectionOf(tts.push(msg), ModelError);
    expect(error).toMatchObject({ status: 401, retryable: false });
    expect(error.message).toContain(new URL(server.wsUrl).host);
  });

  it("is the dashscope provider's TTS model for -realtime names", () => {
    const registry = createRegistry().register(dashscope({ apiKey: "sk-test" }));
    const tts = registry.ttsModel("dashscope:qwen-tts-realtime", { voice: "Jennifer" });
    expect(tts).toBeInstanceOf(DashScopeRealtimeTTSModel);
    expect(tts).toMatchObject({ modelName: "qwen-tts-realtime", voice: "Jennifer" });
    expect(tts.supportsStreamingInput).toBe(true);
  });
});
