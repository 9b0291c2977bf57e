import { abortableSleep, interruptedErrorFrom } from "../model/abortable-sleep.js";
import { pcmMediaType } from "../tts/audio-media-type.js";
import {
  type TTSCallOptions,
  TTSModelBase,
  type TTSModelBaseOptions,
  type TTSRequest,
} from "../tts/tts-model-base.js";
import { type TTSResponse, ttsAudioDelta } from "../tts/tts-response.js";
import { type ToneSpeechOptions, toneSpeech } from "./tone-speech.js";

/** Faults and pacing shared by the scripted TTS models. */
export interface ScriptedTTSBehaviour extends ToneSpeechOptions {
  /** Characters per audio chunk. Default 8. */
  chunkChars?: number;
  /** Fail with {@link error} after this many audio chunks (0: before any audio). */
  failAfterChunks?: number;
  /** The error of {@link failAfterChunks}. Default: a plain `Error`. */
  error?: unknown;
  /** Stop sending audio after this many chunks and never finish (a stalled connection). */
  stallAfterChunks?: number;
}

/** Options of {@link ScriptedTTSModel}. */
export interface ScriptedTTSModelOptions
  extends Partial<TTSModelBaseOptions>,
    ScriptedTTSBehaviour {
  /** Milliseconds before each chunk (abortable). Default 0. */
  chunkDelayMs?: number;
  /** The provider id. Default `"scripted"`. */
  provider?: string;
}

/**
 * A one-shot TTS model for tests: `synthesize(msg)` speaks the text as real PCM16 (a sine tone per
 * character, see `toneSpeech`), streamed in chunks of `chunkChars` characters through the real
 * `TTSModelBase` (timeouts, abort, typed errors). Every call's text is recorded in {@link calls}
 * and every step in {@link events} (`synthesize:<text>`, `audio:<chars>`, `aborted` when
 * the call's signal fired), for order assertions.
 */
export class ScriptedTTSModel extends TTSModelBase {
  readonly provider: string;
  /** The text of every synthesis, in order. */
  readonly calls: string[] = [];
  /** What happened, in order: `synthesize:<text>`, `audio:<text of the chunk>`. */
  readonly events: string[] = [];
  /** The faults and pacing. */
  behaviour: ScriptedTTSBehaviour & { chunkDelayMs?: number };

  constructor(options: ScriptedTTSModelOptions = {}) {
    super({
      ...options,
      modelName: options.modelName ?? "scripted-tts",
      retry: options.retry ?? { initialDelayMs: 1, maxDelayMs: 10 },
    });
    this.provider = options.provider ?? "scripted";
    this.behaviour = options;
  }

  /** The media type of the audio: `audio/pcm;rate=<sampleRate>`. */
  get mediaType(): string {
    return pcmMediaType(this.behaviour.sampleRate ?? 24_000);
  }

  protected async *doSynthesize(
    text: string,
    request: TTSRequest<TTSCallOptions>,
  ): AsyncIterable<TTSResponse> {
    this.calls.push(text);
    this.events.push(`synthesize:${text}`);
    const size = Math.max(1, this.behaviour.chunkChars ?? 8);
    const pieces = this.streaming ? chunkText(text, size) : [text];
    try {
      for (let i = 0; i < pieces.length; i++) {
        if (this.behaviour.failAfterChunks === i) {
          throw this.behaviour.error ?? new Error("scripted TTS failure");
        }
        if (this.behaviour.stallAfterChunks === i) await stall(request.signal);
        if (this.behaviour.chunkDelayMs) {
          await abortableSleep(this.behaviour.chunkDelayMs, request.signal);
        }
        if (request.signal.aborted) throw interruptedErrorFrom(request.signal);
        const piece = pieces[i] as string;
        this.events.push(`audio:${piece}`);
        yield ttsAudioDelta(toneSpeech(piece, this.behaviour), this.mediaType);
      }
    } finally {
      if (request.signal.aborted) this.events.push("aborted");
    }
  }
}

/** Splits text into pieces of `size` characters. */
export function chunkText(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

/** Waits until `signal` aborts (a stalled provider: only a timeout or an abort ends it). */
export function stall(signal: AbortSignal): Promise<never> {
  return new Promise<never>((_, reject) => {
    if (signal.aborted) reject(interruptedErrorFrom(signal));
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}
