import { createRegistry, ModelError, Msg, type TTSResponse } from "@agentscope-ts/core";
import { rejectionOf } from "@agentscope-ts/core/testing";
import { expectSpeech, fillAudio, speechPcm, splitPcm } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { ttsFixture } from "../__fixtures__/tts-fixtures.js";
import { DashScopeError } from "../model/dashscope-error.js";
import { MULTIMODAL_GENERATION_PATH } from "../model/generation-request.js";
import { dashscope } from "../provider/dashscope-provider.js";
import { DashScopeTTSModel, type DashScopeTTSModelOptions } from "./dashscope-tts-model.js";

const PATH = `/api/v1${MULTIMODAL_GENERATION_PATH}`;
const TEXT = "Let me recommend a T-shirt: it looks great on everyone.";
const speech = speechPcm(TEXT, "@agentscope-ts/dashscope");
const pieces = splitPcm(speech.pcm, 3);
const chunks = fillAudio(ttsFixture<unknown[]>("qwen-tts-stream"), pieces);

function model(server: TestServer, options: DashScopeTTSModelOptions = {}) {
  return new DashScopeTTSModel({
    apiKey: "sk-test",
    baseHttpApiUrl: `${server.url}/api/v1`,
    retry: { initialDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
}

const say = () => new Msg({ name: "assistant", content: TEXT, role: "assistant" });

async function collect(stream: AsyncIterable<TTSResponse>): Promise<TTSResponse[]> {
  const out: TTSResponse[] = [];
  for await (const response of stream) out.push(response);
  return out;
}

describe("DashScopeTTSModel", () => {
  it("streams Qwen-TTS audio over SSE: one delta per event, in order, 24 kHz PCM", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "stream", format: "dashscope", chunks } },
    });
    const responses = await collect(model(server).synthesizeStream(say()));
    const call = server.calls[0];
    expect(call?.body).toEqual({
      model: "qwen3-tts-flash",
      input: { text: TEXT, voice: "Cherry", language_type: "Auto" },
      parameters: {},
    });
    expect(call?.headers).toMatchObject({
      authorization: "Bearer sk-test",
      "x-dashscope-sse": "enable",
    });
    expect(responses.map((r) => r.isLast)).toEqual([false, false, false, true]);
    expect(responses.at(-1)?.usage).toMatchObject({ inputTokens: 12, outputTokens: 85 });
    expectSpeech(responses, speech.pcm, 24_000);
  });

  it("joins the audio into one block without stream, with voice, language and parameters", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "stream", format: "dashscope", chunks } },
    });
    const tts = model(server, {
      stream: false,
      voice: "Ethan",
      languageType: "English",
      generateKwargs: { seed: 7, headers: { "X-DashScope-WorkSpace": "ws-1" } },
    });
    const responses = await collect(tts.synthesizeStream(say()));
    expect(responses).toHaveLength(1);
    expect(server.calls[0]?.body).toMatchObject({
      input: { voice: "Ethan", language_type: "English" },
      parameters: { seed: 7 },
    });
    expect(server.calls[0]?.headers["x-dashscope-workspace"]).toBe("ws-1");
    expectSpeech(responses, speech.pcm, 24_000);
  });

  it("fails typed on an error event, a stream without finish_reason stop, and a cut stream", async () => {
    const error = {
      code: "InvalidParameter",
      message: "Voice Nobody is not supported.",
      request_id: "r-1",
    };
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "stream", format: "dashscope", chunks: [chunks[0], error] },
          { type: "stream", format: "dashscope", chunks: chunks.slice(0, 3) },
          { type: "stream", format: "dashscope", chunks, cutAfter: 2 },
        ],
      },
    });
    const tts = model(server, { maxRetries: 0 });
    const failed = await rejectionOf(collect(tts.synthesizeStream(say())), DashScopeError);
    expect(failed).toMatchObject({
      errorCode: "InvalidParameter",
      requestId: "r-1",
      retryable: false,
    });
    const unfinished = await rejectionOf(collect(tts.synthesizeStream(say())), ModelError);
    expect(unfinished.message).toMatch(/finish_reason "stop"/);
    const cut = await rejectionOf(collect(tts.synthesizeStream(say())), ModelError);
    expect(cut.retryable).toBe(true);
  });

  it("is the dashscope provider's TTS model for qwen-tts names", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "stream", format: "dashscope", chunks } },
    });
    const registry = createRegistry().register(
      dashscope({ apiKey: "sk-test", baseHttpApiUrl: `${server.url}/api/v1` }),
    );
    const tts = registry.ttsModel("dashscope:qwen-tts", { voice: "Chelsie" });
    expect(tts).toBeInstanceOf(DashScopeTTSModel);
    expectSpeech([await tts.synthesize(say())], speech.pcm, 24_000);
    expect(server.calls[0]?.body).toMatchObject({ model: "qwen-tts", input: { voice: "Chelsie" } });
  });
});
