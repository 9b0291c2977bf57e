import {
  createRegistry,
  encodeWav,
  InterruptedError,
  ModelError,
  Msg,
  parseWav,
  type TTSResponse,
} from "@agentscope-ts/core";
import { expectSpeech, fillAudio, speechPcm, splitPcm } from "@agentscope-ts/test-helpers";
import { createTestServer, readJsonFile, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { openai } from "../provider/openai-provider.js";
import { OpenAITTSModel, type OpenAITTSModelOptions } from "./openai-tts-model.js";

const PATH = "/v1/audio/speech";
const TEXT = "The weather in Paris is sunny today.";
const speech = speechPcm(TEXT, "@agentscope-ts/openai");
const sseTemplate = readJsonFile<unknown[]>(
  new URL("../__fixtures__/tts/openai-speech-sse.json", import.meta.url),
);

/** The recorded SSE events with this test's audio, framed as the API writes them. */
function sseFrames(pieces: Uint8Array[], events = fillAudio(sseTemplate, pieces)): string[] {
  return events.map((event) => `data: ${JSON.stringify(event)}\n\n`);
}

function model(server: TestServer, options: OpenAITTSModelOptions = {}) {
  return new OpenAITTSModel({
    apiKey: "k",
    baseURL: `${server.url}/v1`,
    retry: { initialDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
}

const say = (text = TEXT) => new Msg({ name: "assistant", content: text, role: "assistant" });

async function collect(stream: AsyncIterable<TTSResponse>): Promise<TTSResponse[]> {
  const out: TTSResponse[] = [];
  for await (const response of stream) out.push(response);
  return out;
}

describe("OpenAITTSModel", () => {
  it("streams raw PCM through the SDK and decodes to the speech sent, at 24 kHz", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "binary", body: speech.pcm, contentType: "audio/pcm" } },
    });
    const tts = model(server);
    const responses = await collect(tts.synthesizeStream(say()));
    expect(server.calls[0]?.body).toEqual({
      model: "gpt-4o-mini-tts",
      voice: "alloy",
      input: TEXT,
      response_format: "pcm",
      stream_format: "audio",
    });
    expect(server.calls[0]?.headers.authorization).toBe("Bearer k");
    expect(responses.at(-1)?.isLast).toBe(true);
    expect(responses.slice(0, -1).every((r) => r.isLast === false && r.content)).toBe(true);
    for (const r of responses) {
      if (r.content?.source.type === "base64") {
        expect(r.content.source.media_type).toBe("audio/pcm;rate=24000");
      }
    }
    const decoded = expectSpeech(responses, speech.pcm, 24_000);
    expect(decoded.samples).toBe(speech.pcm.length / 2);
  });

  it("reads stream_format sse: one delta per speech.audio.delta, in order, usage from speech.audio.done", async () => {
    const pieces = splitPcm(speech.pcm, 3);
    await using server = await createTestServer({
      [PATH]: { response: { type: "stream", format: "raw", chunks: sseFrames(pieces) } },
    });
    const tts = model(server, {
      streamFormat: "sse",
      voice: "coral",
      modelName: "gpt-4o-mini-tts",
    });
    const responses = await collect(tts.synthesizeStream(say()));
    expect(server.calls[0]?.body).toMatchObject({ stream_format: "sse", voice: "coral" });
    expect(responses.map((r) => r.isLast)).toEqual([false, false, false, true]);
    expect(responses.at(-1)?.usage).toMatchObject({ inputTokens: 14, outputTokens: 101 });
    expectSpeech(responses.slice(0, 3), speech.pcm, 24_000);
    // each delta holds exactly its own piece
    responses.slice(0, 3).forEach((r, i) => {
      expect(expectSpeechPiece(r)).toBe(pieces[i]?.length);
    });
  });

  it("answers a whole WAV file without streaming, and streams WAV as PCM", async () => {
    const wav = encodeWav(speech.pcm, { sampleRate: 24_000 });
    // a streamed WAV carries placeholder sizes
    const streamed = wav.slice();
    new DataView(streamed.buffer).setUint32(4, 0xffffffff, true);
    new DataView(streamed.buffer).setUint32(40, 0xffffffff, true);
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "binary", body: wav, contentType: "audio/wav" },
          { type: "binary", body: streamed, contentType: "audio/wav" },
        ],
      },
    });
    const whole = await model(server, { stream: false, format: "wav" }).synthesize(say());
    expect(server.calls[0]?.body).not.toHaveProperty("stream_format");
    expect(whole.content?.source).toMatchObject({ media_type: "audio/wav" });
    const data = whole.content?.source.type === "base64" ? whole.content.source.data : "";
    const header = parseWav(Buffer.from(data, "base64"));
    expect(header).toMatchObject({ sampleRate: 24_000, channels: 1, bitsPerSample: 16 });
    expect(header.data.length).toBe(speech.pcm.length);

    const responses = await collect(model(server, { format: "wav" }).synthesizeStream(say()));
    expect(server.calls[1]?.body).toMatchObject({ response_format: "wav" });
    expectSpeech(responses, speech.pcm, 24_000);
  });

  it("retries a 429 before the first audio and says so nowhere in the audio", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "error", status: 429, retryAfter: 0, body: { error: { message: "slow down" } } },
          { type: "binary", body: speech.pcm },
        ],
      },
    });
    const response = await model(server).synthesize(say());
    expect(server.callsTo(PATH)).toHaveLength(2);
    expectSpeech([response], speech.pcm, 24_000);
  });

  it("fails typed when the event stream is cut, ends without speech.audio.done, or stalls", async () => {
    const frames = sseFrames(splitPcm(speech.pcm, 3));
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "stream", format: "raw", chunks: frames, cutAfter: 2 },
          { type: "stream", format: "raw", chunks: frames.slice(0, 3) },
          { type: "stall" },
        ],
      },
    });
    const tts = model(server, { streamFormat: "sse", maxRetries: 0, idleTimeout: 200 });
    const seen: TTSResponse[] = [];
    const cut = await collectInto(tts.synthesizeStream(say()), seen);
    expect(cut).toBeInstanceOf(ModelError);
    expect(cut).toMatchObject({ provider: "openai", retryable: true });
    expect(seen.length).toBeGreaterThanOrEqual(1);

    const unfinished = await collectInto(tts.synthesizeStream(say()), []);
    expect(unfinished).toBeInstanceOf(ModelError);
    expect((unfinished as Error).message).toMatch(/without speech\.audio\.done/);

    const stalled = await collectInto(tts.synthesizeStream(say()), []);
    expect(stalled).toBeInstanceOf(ModelError);
    expect((stalled as Error).message).toMatch(/200 ms/);
    expect(await server.calls[2]?.finished).toEqual({ completed: false });
  });

  it("stops on abort with an InterruptedError and closes the request", async () => {
    let resolve!: () => void;
    const arrived = new Promise<void>((r) => {
      resolve = r;
    });
    await using server = await createTestServer({
      [PATH]: {
        response: () => {
          resolve();
          return { type: "stall" };
        },
      },
    });
    const controller = new AbortController();
    const pending = model(server).synthesize(say(), { signal: controller.signal });
    await arrived;
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(InterruptedError);
    expect(await server.calls[0]?.finished).toEqual({ completed: false });
  });

  it("is the openai provider's TTS model in the registry", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "binary", body: speech.pcm } },
    });
    const registry = createRegistry().register(
      openai({ apiKey: "k", baseURL: `${server.url}/v1` }),
    );
    const tts = registry.ttsModel("openai:tts-1", { voice: "ash", stream: false });
    expect(tts).toBeInstanceOf(OpenAITTSModel);
    const response = await tts.synthesize(say());
    expect(server.calls[0]?.body).toMatchObject({ model: "tts-1", voice: "ash" });
    expectSpeech([response], speech.pcm, 24_000);
  });

  it("refuses unknown formats and stream formats, naming the option", () => {
    expect(() => new OpenAITTSModel({ apiKey: "k", format: "ogg" as never })).toThrow(/format/);
    expect(() => new OpenAITTSModel({ apiKey: "k", streamFormat: "ws" as never })).toThrow(
      /streamFormat/,
    );
  });
});

/** The byte length of a response's audio. */
function expectSpeechPiece(response: TTSResponse): number {
  const source = response.content?.source;
  return source?.type === "base64" ? Buffer.from(source.data, "base64").length : 0;
}

/** Reads a stream into `seen` and returns what it threw (undefined when it ended normally). */
async function collectInto(
  stream: AsyncIterable<TTSResponse>,
  seen: TTSResponse[],
): Promise<unknown> {
  try {
    for await (const response of stream) seen.push(response);
    return undefined;
  } catch (error) {
    return error;
  }
}
