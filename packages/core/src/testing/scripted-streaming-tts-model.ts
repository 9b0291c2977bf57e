import { pcmMediaType } from "../tts/audio-media-type.js";
import { StreamingInputTTSModelBase } from "../tts/streaming-input-tts-model-base.js";
import type { TTSModelBaseOptions } from "../tts/tts-model-base.js";
import { ttsAudioDelta } from "../tts/tts-response.js";
import { chunkText, type ScriptedTTSBehaviour } from "./scripted-tts-model.js";
import { toneSpeech } from "./tone-speech.js";

/** Options of {@link ScriptedStreamingTTSModel}. */
export interface ScriptedStreamingTTSModelOptions
  extends Partial<TTSModelBaseOptions>,
    ScriptedTTSBehaviour {
  /** The provider id. Default `"scripted"`. */
  provider?: string;
}

/**
 * A streaming-input TTS model for tests (like DashScope realtime / CosyVoice): each `push` speaks
 * the new text at once as real PCM16 tones (`toneSpeech`), so the audio of a piece is available
 * before the next piece is pushed; `synthesize` finishes the message. Runs through the real
 * `StreamingInputTTSModelBase`. {@link events} records `connect`, `push:<text>`,
 * `audio:<text>`, `finish`, `close`, in order.
 */
export class ScriptedStreamingTTSModel extends StreamingInputTTSModelBase {
  readonly provider: string;
  /** What happened, in order. */
  readonly events: string[] = [];
  /** The faults and pacing. */
  behaviour: ScriptedTTSBehaviour;
  #chunks = 0;
  #stalled = false;

  constructor(options: ScriptedStreamingTTSModelOptions = {}) {
    super({ ...options, modelName: options.modelName ?? "scripted-realtime-tts" });
    this.provider = options.provider ?? "scripted";
    this.behaviour = options;
  }

  protected async doConnect(): Promise<void> {
    this.events.push("connect");
    this.#chunks = 0;
    this.#stalled = false;
  }

  protected async doPush(text: string): Promise<void> {
    this.events.push(`push:${text}`);
    for (const piece of chunkText(text, Math.max(1, this.behaviour.chunkChars ?? 8))) {
      if (!this.#emit(piece)) return;
    }
  }

  protected async doFinish(): Promise<void> {
    this.events.push("finish");
    if (this.#stalled) return;
    queueMicrotask(() => this.receiveEnd());
  }

  protected async doClose(): Promise<void> {
    this.events.push("close");
  }

  #emit(piece: string): boolean {
    if (this.#stalled) return false;
    if (this.behaviour.failAfterChunks === this.#chunks) {
      this.receiveError(this.behaviour.error ?? new Error("scripted TTS failure"));
      this.#stalled = true;
      return false;
    }
    if (this.behaviour.stallAfterChunks === this.#chunks) {
      this.#stalled = true;
      return false;
    }
    this.#chunks++;
    this.events.push(`audio:${piece}`);
    this.receiveAudio(
      ttsAudioDelta(
        toneSpeech(piece, this.behaviour),
        pcmMediaType(this.behaviour.sampleRate ?? 24_000),
      ),
    );
    return true;
  }
}
