import {
  createRegistry,
  InterruptedError,
  ModelError,
  Msg,
  type TTSResponse,
  ValidationError,
} from "@agentscope-ts/core";
import { rejectionOf } from "@agentscope-ts/core/testing";
import { expectSpeech, fillAudio, speechPcm, splitPcm } from "@agentscope-ts/test-helpers";
import { createTestServer, readJsonFile, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { geminiPath } from "../__fixtures__/wire-fixtures.js";
import { gemini } from "../provider/gemini-provider.js";
import { GeminiTTSModel, type GeminiTTSModelOptions } from "./gemini-tts-model.js";

const MODEL = "gemini-2.5-flash-preview-tts";
const UNARY = geminiPath(MODEL, "generateContent");
const STREAM = geminiPath(MODEL, "streamGenerateContent");
const TEXT = "Say cheerfully: have a wonderful day!";
const speech = speechPcm(TEXT, "@agentscope-ts/gemini");
const fixture = <T>(name: string) =>
  readJsonFile<T>(new URL(`../__fixtures__/tts/${name}.json`, import.meta.url));

function model(server: TestServer, options: GeminiTTSModelOptions = {}) {
  return new GeminiTTSModel({
    apiKey: "test-key",
    baseURL: server.url,
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

describe("GeminiTTSModel", () => {
  it("asks for AUDIO with the prebuilt voice and decodes the inline PCM (24 kHz)", async () => {
    await using server = await createTestServer({
      [UNARY]: { response: { type: "json", body: fillAudio(fixture("gemini-tts"), [speech.pcm]) } },
    });
    const response = await model(server, { stream: false }).synthesize(say());
    expect(server.calls[0]?.body).toMatchObject({
      contents: [{ role: "user", parts: [{ text: TEXT }] }],
      generationConfig: {
        responseModalities: ["AUDIO"],
        speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: "Kore" } } },
      },
    });
    expect(server.calls[0]?.headers["x-goog-api-key"]).toBe("test-key");
    expect(response.content?.source).toMatchObject({ media_type: "audio/pcm;rate=24000" });
    expect(response.usage).toMatchObject({ inputTokens: 9, outputTokens: 150 });
    expectSpeech([response], speech.pcm, 24_000);
  });

  it("streams one delta per audio chunk, in order, then the last response with the usage", async () => {
    const pieces = splitPcm(speech.pcm, 3);
    const chunks = fillAudio(fixture<unknown[]>("gemini-tts-stream"), pieces);
    await using server = await createTestServer({
      [STREAM]: { response: { type: "stream", format: "gemini", chunks } },
    });
    const responses = await collect(model(server, { voice: "Zephyr" }).synthesizeStream(say()));
    expect(server.calls[0]?.searchParams.get("alt")).toBe("sse");
    expect(server.calls[0]?.body).toMatchObject({
      generationConfig: {
        speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: "Zephyr" } } },
      },
    });
    expect(responses.map((r) => r.isLast)).toEqual([false, false, false, true]);
    expect(responses.at(-1)?.usage).toMatchObject({ inputTokens: 9, outputTokens: 150 });
    responses.slice(0, 3).forEach((r, i) => {
      const data = r.content?.source.type === "base64" ? r.content.source.data : "";
      expect(Buffer.from(data, "base64").length).toBe(pieces[i]?.length);
    });
    expectSpeech(responses, speech.pcm, 24_000);
  });

  it("retries a 429 before the first audio and fails typed on a cut stream and on abort", async () => {
    const chunks = fillAudio(fixture<unknown[]>("gemini-tts-stream"), splitPcm(speech.pcm, 3));
    let stalled!: () => void;
    const stalling = new Promise<void>((resolve) => {
      stalled = resolve;
    });
    await using server = await createTestServer({
      [STREAM]: {
        response: ({ callNumber }) => {
          if (callNumber === 0) {
            return { type: "error", status: 503, body: { error: { code: 503, message: "busy" } } };
          }
          if (callNumber === 1) return { type: "stream", format: "gemini", chunks };
          if (callNumber === 2) return { type: "stream", format: "gemini", chunks, cutAfter: 1 };
          stalled();
          return { type: "stall" };
        },
      },
    });
    const tts = model(server);
    expectSpeech(await collect(tts.synthesizeStream(say())), speech.pcm, 24_000);
    expect(server.callsTo(STREAM)).toHaveLength(2);

    const seen: TTSResponse[] = [];
    const cut = await rejectionOf(
      (async () => {
        for await (const r of tts.synthesizeStream(say(), { maxRetries: 0 })) seen.push(r);
      })(),
      ModelError,
    );
    expect(cut.provider).toBe("gemini");
    expect(seen).toHaveLength(1);

    const controller = new AbortController();
    const pending = tts.synthesize(say(), { signal: controller.signal });
    await stalling;
    controller.abort();
    await rejectionOf(pending, InterruptedError);
    expect(await server.calls[3]?.finished).toEqual({ completed: false });
  });

  it("is the gemini provider's TTS model in the registry, and checks its voice", async () => {
    const body = fillAudio(fixture("gemini-tts"), [speech.pcm]);
    await using server = await createTestServer({ [UNARY]: { response: { type: "json", body } } });
    const registry = createRegistry().register(gemini({ apiKey: "k", baseURL: server.url }));
    const tts = registry.ttsModel(`gemini:${MODEL}`, { stream: false, voice: "Puck" });
    expect(tts).toBeInstanceOf(GeminiTTSModel);
    expectSpeech([await tts.synthesize(say())], speech.pcm, 24_000);
    expect(server.calls[0]?.body).toMatchObject({
      generationConfig: {
        speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: "Puck" } } },
      },
    });
    expect(() => new GeminiTTSModel({ apiKey: "k", voice: "" })).toThrow(ValidationError);
  });
});
