import { concatBytes, ModelError } from "@agentscope-ts/core";
import {
  expectSpeech,
  fillAudio,
  speakingAgentTurn,
  speechPcm,
  splitPcm,
} from "@agentscope-ts/test-helpers";
import { createTestServer, type WebSocketStep } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { serverFrame, ttsFixture } from "../__fixtures__/tts-fixtures.js";
import { MULTIMODAL_GENERATION_PATH } from "../model/generation-request.js";
import { DashScopeCosyVoiceRealtimeTTSModel } from "../tts/dashscope-cosyvoice-realtime-tts-model.js";
import { DashScopeRealtimeTTSModel } from "../tts/dashscope-realtime-tts-model.js";
import { DashScopeTTSModel } from "../tts/dashscope-tts-model.js";

const ANSWER = "The weather in Paris is sunny. Enjoy your day!";
const SENTENCES = ["The weather in Paris is sunny. ", "Enjoy your day!"];
const speech = speechPcm(ANSWER, "@agentscope-ts/dashscope");
const audio = splitPcm(speech.pcm, 3);
const base = (url: string) => ({ apiKey: "sk-test", baseWebSocketApiUrl: `${url}/api-ws/v1` });

/** The text frames of one connection's `field` (e.g. the appended text), joined. */
function sentText(messages: unknown[], pick: (m: never) => string | undefined): string {
  return messages.map((m) => pick(m as never) ?? "").join("");
}

describe("ReActAgent speaking through the DashScope TTS models", () => {
  it("Qwen-TTS realtime: the streamed answer is pushed as it comes, its speech decodes in order", async () => {
    const delta = (n: number) =>
      serverFrame({ type: "response.audio.delta", delta: `<audio:${n}>` }, audio);
    const script: WebSocketStep[] = [
      serverFrame({ type: "session.created", session: { id: "sess_1" } }),
      { type: "expect", match: { type: "session.update" } },
      { type: "expect", match: { type: "input_text_buffer.append" } },
      delta(0),
      { type: "expect", match: { type: "session.finish" } },
      delta(1),
      delta(2),
      serverFrame({ type: "response.done", response: { usage: { characters: 46 } } }),
      serverFrame({ type: "session.finished" }),
      { type: "close", code: 1000 },
    ];
    await using server = await createTestServer(
      {},
      { websockets: { "/api-ws/v1/realtime": { script } } },
    );
    const turn = await speakingAgentTurn(new DashScopeRealtimeTTSModel(base(server.wsUrl)), ANSWER);
    expect(turn.text).toBe(ANSWER);
    expect(turn.warnings).toEqual([]);
    expectSpeech(turn.speech, speech.pcm, 24_000);
    expect(turn.order.at(-1)).toBe("reply");
    expect(turn.order.indexOf("speech")).toBeGreaterThan(turn.order.indexOf("model_chunk"));
    const messages = server.connectionsTo("/api-ws/v1/realtime")[0]?.messages ?? [];
    // every text delta of the answer was appended, in order
    expect(sentText(messages, (m: { text?: string }) => m.text)).toBe(ANSWER);
  });

  it("CosyVoice realtime: speech in order; a socket cut mid-speech stops the speech, not the reply", async () => {
    const started = serverFrame({
      header: { task_id: "<task_id>", event: "task-started" },
      payload: {},
    });
    const upToFinish: WebSocketStep[] = [
      { type: "expect", match: { header: { action: "run-task" } } },
      started,
      { type: "expect", match: { header: { action: "continue-task" } } },
      { type: "sendBinary", data: audio[0] as Uint8Array },
      { type: "expect", match: { header: { action: "finish-task" } } },
    ];
    const finished = serverFrame({
      header: { task_id: "<task_id>", event: "task-finished" },
      payload: { usage: { characters: 46 } },
    });
    await using server = await createTestServer(
      {},
      {
        websockets: {
          "/api-ws/v1/inference": {
            scripts: [
              [
                ...upToFinish,
                { type: "sendBinary", data: audio[1] as Uint8Array },
                { type: "sendBinary", data: audio[2] as Uint8Array },
                finished,
              ],
              [...upToFinish, { type: "terminate" }],
            ],
          },
        },
      },
    );
    const tts = new DashScopeCosyVoiceRealtimeTTSModel(base(server.wsUrl));
    const turn = await speakingAgentTurn(tts, ANSWER);
    expect(turn.text).toBe(ANSWER);
    expectSpeech(turn.speech, speech.pcm, 24_000);
    const messages = server.connectionsTo("/api-ws/v1/inference")[0]?.messages ?? [];
    expect(
      sentText(
        messages,
        (m: { payload?: { input?: { text?: string } } }) => m.payload?.input?.text,
      ),
    ).toBe(ANSWER);

    const cut = await speakingAgentTurn(tts, ANSWER);
    expect(cut.text).toBe(ANSWER);
    expect(cut.warnings).toHaveLength(1);
    expect(cut.warnings[0]).toMatchObject({ source: "tts" });
    expect(cut.warnings[0]?.error).toBeInstanceOf(ModelError);
    expect(cut.order.at(-1)).toBe("reply");
  });

  it("Qwen-TTS over HTTP: one request per sentence, the speech of both in order", async () => {
    const perSentence = SENTENCES.map((s) => speechPcm(s, "@agentscope-ts/dashscope").pcm);
    const chunks = (pcm: Uint8Array) =>
      fillAudio(ttsFixture<unknown[]>("qwen-tts-stream"), splitPcm(pcm, 3));
    await using server = await createTestServer({
      [`/api/v1${MULTIMODAL_GENERATION_PATH}`]: {
        response: perSentence.map((pcm) => ({
          type: "stream" as const,
          format: "dashscope" as const,
          chunks: chunks(pcm),
        })),
      },
    });
    const tts = new DashScopeTTSModel({
      apiKey: "sk-test",
      baseHttpApiUrl: `${server.url}/api/v1`,
    });
    const turn = await speakingAgentTurn(tts, ANSWER);
    expect(turn.text).toBe(ANSWER);
    expect(server.calls.map((c) => (c.body as { input: { text: string } }).input.text)).toEqual(
      SENTENCES,
    );
    expectSpeech(turn.speech, concatBytes(perSentence), 24_000);
  });
});
