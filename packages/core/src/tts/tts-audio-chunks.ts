import { base64ToBytes } from "../utils/base64.js";
import { audioBlockFromBytes } from "./audio-block.js";
import { concatBytes, Pcm16Aligner } from "./pcm.js";
import {
  createTTSResponse,
  type TTSResponse,
  type TTSUsage,
  ttsAudioDelta,
  ttsUsageField,
} from "./tts-response.js";

/** Options of {@link TTSAudioChunks}. */
export interface TTSAudioChunksOptions {
  /** Hand each chunk out as a delta (`true`), or collect the speech for the last response. */
  streaming: boolean;
  /** The media type of the chunks, e.g. `audio/pcm;rate=24000` (a `push` may change it). */
  mediaType: string;
}

/**
 * What a provider's TTS model does with the audio its API sends, once: raw PCM16 (`audio/pcm…`)
 * is cut on whole samples (a byte split across chunks waits for the next one), then each chunk is
 * handed out as a delta response (`streaming`) or collected into the whole speech of the last
 * response ({@link end}). Chunks arrive as bytes or as base64, as the APIs send them.
 */
export class TTSAudioChunks {
  readonly #streaming: boolean;
  #mediaType: string;
  #aligner = new Pcm16Aligner();
  readonly #whole: Uint8Array[] = [];

  constructor(options: TTSAudioChunksOptions) {
    this.#streaming = options.streaming;
    this.#mediaType = options.mediaType;
  }

  /** The media type of the chunks so far. */
  get mediaType(): string {
    return this.#mediaType;
  }

  /**
   * Takes a chunk (of `mediaType` when given: a part's own type, a WAV stream's read header).
   * Returns the delta response to hand out now, or `undefined` when there is none (collecting, or
   * no whole sample yet).
   */
  push(audio: Uint8Array | string, mediaType?: string): TTSResponse | undefined {
    if (mediaType !== undefined) this.#mediaType = mediaType;
    let bytes = typeof audio === "string" ? base64ToBytes(audio) : audio;
    if (this.#mediaType.startsWith("audio/pcm")) bytes = this.#aligner.push(bytes);
    if (bytes.length === 0) return undefined;
    if (this.#streaming) return ttsAudioDelta(bytes, this.#mediaType);
    this.#whole.push(bytes);
    return undefined;
  }

  /**
   * The last response of the speech: the whole audio when collecting (`null` when none arrived),
   * no audio when streaming, with the usage the API reported. The chunks start over after it.
   */
  end(usage?: Partial<TTSUsage>): TTSResponse {
    const content =
      this.#whole.length > 0
        ? audioBlockFromBytes(concatBytes(this.#whole), this.#mediaType)
        : null;
    this.#whole.length = 0;
    this.#aligner = new Pcm16Aligner();
    return createTTSResponse({ content, isLast: true, ...ttsUsageField(usage) });
  }
}
