import { describe, expect, it } from "vitest";
import { InterruptedError } from "../errors/interrupted-error.js";
import { ModelError } from "../errors/model-error.js";
import { StateError } from "../errors/state-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { Msg } from "../message/msg.js";
import { rejectionOf } from "../testing/rejection-of.js";
import { ScriptedTTSModel } from "../testing/scripted-tts-model.js";
import { toneSampleCount } from "../testing/tone-speech.js";
import { audioBlockBytes, audioBlockPcm } from "./audio-block.js";
import type { TTSCallOptions, TTSRequest } from "./tts-model-base.js";
import { type TTSResponse, ttsAudioDelta } from "./tts-response.js";

const say = (text: string) => new Msg({ name: "assistant", role: "assistant", content: text });

async function collect(stream: AsyncIterable<TTSResponse>): Promise<TTSResponse[]> {
  const out: TTSResponse[] = [];
  for await (const r of stream) out.push(r);
  return out;
}

describe("TTSModelBase", () => {
  it("streams deltas: each chunk holds only its own audio, the last one is marked and has usage", async () => {
    const model = new ScriptedTTSModel({ chunkChars: 4 });
    const chunks = await collect(model.synthesizeStream(say("Hello there")));
    expect(chunks.map((c) => c.isLast)).toEqual([false, false, false, true]);
    const audio = chunks.filter((c) => c.content);
    expect(audio.map((c) => audioBlockPcm(c.content as never).pcm.length / 2)).toEqual([
      toneSampleCount(4),
      toneSampleCount(4),
      toneSampleCount(3),
    ]);
    const last = chunks.at(-1) as TTSResponse;
    expect(last.content).toBeNull();
    expect(last.usage?.time).toBeGreaterThanOrEqual(0);
    expect(model.supportsStreamingInput).toBe(false);
  });

  it("synthesize() resolves to the whole speech as one PCM block", async () => {
    const model = new ScriptedTTSModel({ chunkChars: 3 });
    const response = await model.synthesize(say("Hi, you."));
    expect(response.isLast).toBe(true);
    const { pcm, sampleRate } = audioBlockPcm(response.content as never);
    expect(sampleRate).toBe(24_000);
    expect(pcm.length / 2).toBe(toneSampleCount(8));
    expect(model.calls).toEqual(["Hi, you."]);
  });

  it("speaks only text blocks and answers empty text without calling the provider", async () => {
    const model = new ScriptedTTSModel();
    const msg = new Msg({
      name: "a",
      role: "assistant",
      content: [
        { type: "thinking", thinking: "hmm" },
        { type: "text", text: "Yes." },
      ],
    });
    await model.synthesize(msg);
    expect(model.calls).toEqual(["Yes."]);
    const empty = await model.synthesize(say("  "));
    expect(empty.content).toBeNull();
    expect(model.calls).toHaveLength(1);
  });

  it("retries a failure before the first audio, then gives a typed ModelError", async () => {
    const model = new ScriptedTTSModel({
      failAfterChunks: 0,
      error: new ModelError("busy", { provider: "scripted", status: 503, retryable: true }),
      maxRetries: 1,
    });
    const error = await rejectionOf(model.synthesize(say("Hello")), ModelError);
    expect(error.message).toMatch(/busy/);
    expect(model.calls).toHaveLength(2);
  });

  it("wraps an untyped provider failure mid-stream in a ModelError naming the model", async () => {
    const model = new ScriptedTTSModel({
      chunkChars: 2,
      failAfterChunks: 1,
      error: new TypeError("bad frame"),
    });
    const seen: TTSResponse[] = [];
    const error = await rejectionOf(
      (async () => {
        for await (const r of model.synthesizeStream(say("Hello"))) seen.push(r);
      })(),
      ModelError,
    );
    expect(seen).toHaveLength(1);
    expect(error.message).toMatch(/scripted TTS model scripted-tts failed \(bad frame\)/);
  });

  it("bounds a stalled provider by idleTimeout", async () => {
    const model = new ScriptedTTSModel({
      chunkChars: 2,
      stallAfterChunks: 1,
      idleTimeout: 20,
      maxRetries: 0,
    });
    const error = await rejectionOf(model.synthesize(say("Hello")), ModelError);
    expect(error.message).toMatch(/idleTimeout|without a response/);
    expect(error.retryable).toBe(true);
  });

  it("stops on abort with an InterruptedError", async () => {
    const model = new ScriptedTTSModel({ chunkChars: 2, stallAfterChunks: 1, idleTimeout: null });
    const controller = new AbortController();
    const stream = model.synthesizeStream(say("Hello"), { signal: controller.signal });
    const first = await stream.next();
    expect(first.done).toBe(false);
    const pending = stream.next();
    controller.abort();
    await rejectionOf(pending, InterruptedError);
    expect(model.events.filter((e) => e.startsWith("audio:"))).toEqual(["audio:He"]);
  });

  it("rejects bad options and missing input with typed errors", async () => {
    expect(() => new ScriptedTTSModel({ idleTimeout: -1 })).toThrow(/idleTimeout/);
    expect(() => new ScriptedTTSModel({ modelName: "" })).toThrow(ValidationError);
    const model = new ScriptedTTSModel();
    await rejectionOf(model.synthesize(), ValidationError);
    await rejectionOf(model.push(say("x")), StateError);
    await model.connect();
    await model.close();
    await model[Symbol.asyncDispose]();
  });

  it("a non-streaming model answers in one chunk", async () => {
    const model = new ScriptedTTSModel({ stream: false, chunkChars: 2 });
    const chunks = await collect(model.synthesizeStream(say("Hello")));
    expect(chunks.filter((c) => c.content)).toHaveLength(1);
    expect(audioBlockBytes(chunks[0]?.content as never).length / 2).toBe(toneSampleCount(5));
  });

  it("closes the provider's stream after a response marked last, so its cleanup runs", async () => {
    const cleanup: string[] = [];
    class MarksLast extends ScriptedTTSModel {
      protected override async *doSynthesize(
        _text: string,
        _request: TTSRequest<TTSCallOptions>,
      ): AsyncIterable<TTSResponse> {
        try {
          yield ttsAudioDelta(new Uint8Array(4), this.mediaType, { isLast: true });
          yield ttsAudioDelta(new Uint8Array(4), this.mediaType);
        } finally {
          cleanup.push("closed");
        }
      }
    }
    const chunks = await collect(new MarksLast().synthesizeStream(say("Hi")));
    expect(chunks.at(-1)?.isLast).toBe(true);
    await Promise.resolve();
    expect(cleanup).toEqual(["closed"]);
  });
});
