import {
  ModelError,
  normalizeModelError,
  type ProviderTTSCallOptions,
  ProviderTTSModelBase,
  type ProviderTTSModelOptions,
  pcmMediaType,
  TTSAudioChunks,
  type TTSRequest,
  type TTSResponse,
  ValidationError,
} from "@agentscope-ts/core";
import type OpenAI from "openai";
import { abortOptions, type OpenAIClientOptions } from "../model/openai-client.js";
import { OpenAIClientRef } from "../model/openai-client-ref.js";
import { readJsonEvents } from "../model/sse-json-events.js";
import { WavStreamReader } from "./wav-stream-reader.js";

/** The audio formats `audio.speech.create` answers in (its `response_format`). */
export type OpenAITTSFormat = "pcm" | "wav" | "mp3" | "opus" | "aac" | "flac";

/** The sample rate of OpenAI's raw PCM speech (fixed by the API). */
export const OPENAI_TTS_SAMPLE_RATE = 24_000;

const FORMATS: readonly OpenAITTSFormat[] = ["pcm", "wav", "mp3", "opus", "aac", "flac"];

const MEDIA_TYPES: Record<OpenAITTSFormat, string> = {
  pcm: pcmMediaType(OPENAI_TTS_SAMPLE_RATE),
  wav: "audio/wav",
  mp3: "audio/mpeg",
  opus: "audio/opus",
  aac: "audio/aac",
  flac: "audio/flac",
};

/** Options of {@link OpenAITTSModel} (AgentScope's keyword arguments, camelCased). */
export interface OpenAITTSModelOptions extends ProviderTTSModelOptions, OpenAIClientOptions {
  /** The TTS model. Default `"gpt-4o-mini-tts"` (AgentScope's). */
  modelName?: string;
  /** The voice (`alloy`, `ash`, `ballad`, `coral`, `echo`, `sage`, `shimmer`…). Default `"alloy"`. */
  voice?: string;
  /**
   * The audio format (`response_format`). Default `"pcm"`: 16-bit mono at 24 kHz, what AgentScope
   * asks for and what a player can start on at once. A streamed `"wav"` is handed on as PCM.
   */
  format?: OpenAITTSFormat;
  /**
   * How streamed audio travels (`stream_format`): `"audio"` (default: the raw bytes, every model)
   * or `"sse"` (`speech.audio.delta` events with base64 audio, then `speech.audio.done` with the
   * usage; not for `tts-1`/`tts-1-hd`). Only used when `stream` is true.
   */
  streamFormat?: "audio" | "sse";
  /**
   * More `audio.speech.create` fields sent with every call, as the API names them:
   * `{ instructions: "Speak warmly", speed: 1.2 }`.
   */
  generateKwargs?: Record<string, unknown>;
}

/** Options of one {@link OpenAITTSModel} call (`generateKwargs`: more `audio.speech.create` fields). */
export type OpenAITTSCallOptions = ProviderTTSCallOptions;

function checkOptions(options: OpenAITTSModelOptions): void {
  const issues: { path: string; message: string }[] = [];
  if (options.format !== undefined && !FORMATS.includes(options.format)) {
    issues.push({
      path: "format",
      message: `expected one of ${FORMATS.join(", ")}, received ${JSON.stringify(options.format)}`,
    });
  }
  if (
    options.streamFormat !== undefined &&
    options.streamFormat !== "audio" &&
    options.streamFormat !== "sse"
  ) {
    issues.push({
      path: "streamFormat",
      message: `expected "audio" or "sse", received ${JSON.stringify(options.streamFormat)}`,
    });
  }
  if (options.voice !== undefined && (typeof options.voice !== "string" || options.voice === "")) {
    issues.push({ path: "voice", message: 'expected a voice name such as "alloy"' });
  }
  if (issues.length > 0) throw new ValidationError("OpenAITTSModel options", issues);
}

/**
 * AgentScope's `OpenAITTSModel` on the official `openai` SDK (`audio.speech.create`): one request
 * per message (no streaming input). Streaming reads the audio as it arrives, raw (`streamFormat:
 * "audio"`) or as `speech.audio.delta` events (`"sse"`), and yields it as PCM deltas cut on whole
 * samples; otherwise the whole file comes as one block. Retries before the first audio, the idle
 * and request timeouts and abort come from core's `TTSModelBase`.
 */
export class OpenAITTSModel extends ProviderTTSModelBase {
  readonly #clientRef: OpenAIClientRef;
  /** The audio format asked for. */
  readonly format: OpenAITTSFormat;
  /** How streamed audio travels. */
  readonly streamFormat: "audio" | "sse";
  /** The sample rate of PCM output (fixed by the API: 24 kHz). */
  readonly sampleRate = OPENAI_TTS_SAMPLE_RATE;

  constructor(options: OpenAITTSModelOptions = {}) {
    checkOptions(options);
    super(options, { provider: "openai", modelName: "gpt-4o-mini-tts", voice: "alloy" });
    this.format = options.format ?? "pcm";
    this.streamFormat = options.streamFormat ?? "audio";
    this.#clientRef = new OpenAIClientRef(options, "OpenAITTSModel");
  }

  /** The SDK client (where the `openai` SDK loads asynchronously, as in browsers: after the first call). */
  get client(): OpenAI {
    return this.#clientRef.client;
  }

  protected override normalizeError(error: unknown): unknown {
    return normalizeModelError(error, this.provider, { baseURL: this.#clientRef.current?.baseURL });
  }

  protected override async *doSynthesize(
    text: string,
    request: TTSRequest<OpenAITTSCallOptions>,
  ): AsyncGenerator<TTSResponse, void, undefined> {
    const sse = this.streaming && this.streamFormat === "sse";
    const body = {
      model: this.modelName,
      voice: this.voice,
      input: text,
      response_format: this.format,
      ...(this.streaming ? { stream_format: this.streamFormat } : {}),
      ...this.requestKwargs(request),
    } as OpenAI.Audio.SpeechCreateParams;
    const client = this.#clientRef.current ?? (await this.#clientRef.ready());
    const response = await client.audio.speech.create(body, abortOptions(client, request.signal));
    if (!this.streaming) {
      const audio = new TTSAudioChunks({ streaming: false, mediaType: MEDIA_TYPES[this.format] });
      audio.push(new Uint8Array(await response.arrayBuffer()));
      yield audio.end();
      return;
    }
    if (sse) yield* this.readEvents(response);
    else yield* this.readBytes(response);
  }

  /** Raw streamed audio: PCM (and WAV, its header read off) on whole samples, other codecs as bytes. */
  private async *readBytes(response: Response): AsyncGenerator<TTSResponse, void, undefined> {
    if (!response.body) {
      throw new ModelError(`${this.provider}: the speech response has no body.`, {
        provider: this.provider,
        retryable: true,
      });
    }
    const audio = new TTSAudioChunks({ streaming: true, mediaType: MEDIA_TYPES[this.format] });
    const wav = this.format === "wav" ? new WavStreamReader(this.provider) : undefined;
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value: chunk } = await reader.read();
        if (done) break;
        let bytes: Uint8Array | undefined = chunk;
        let mediaType: string | undefined;
        if (wav) {
          // A WAV stream is handed on as the PCM after its header, once the header is read.
          bytes = wav.push(chunk);
          if (bytes === undefined) continue;
          mediaType = pcmMediaType(wav.sampleRate, wav.channels);
        }
        const delta = audio.push(bytes, mediaType);
        if (delta) yield delta;
      }
      wav?.end();
    } finally {
      // Stopped early (abort, timeout, the consumer left): cancel the body and so the request.
      reader.cancel().catch(() => {});
    }
  }

  /** `stream_format: "sse"`: `speech.audio.delta` events, ended by `speech.audio.done`. */
  private async *readEvents(response: Response): AsyncGenerator<TTSResponse, void, undefined> {
    const audio = new TTSAudioChunks({ streaming: true, mediaType: MEDIA_TYPES[this.format] });
    for await (const { data } of readJsonEvents(response, this.provider, { sentinel: false })) {
      if (data.type === "speech.audio.delta" && typeof data.audio === "string") {
        const delta = audio.push(data.audio);
        if (delta) yield delta;
      } else if (data.type === "speech.audio.done") {
        const usage = (data.usage ?? {}) as { input_tokens?: unknown; output_tokens?: unknown };
        yield audio.end({
          inputTokens: typeof usage.input_tokens === "number" ? usage.input_tokens : 0,
          outputTokens: typeof usage.output_tokens === "number" ? usage.output_tokens : 0,
        });
        return;
      }
    }
    throw new ModelError(
      `${this.provider}: the speech event stream ended without speech.audio.done; the audio may be cut. Retrying the request may help.`,
      { provider: this.provider, retryable: true },
    );
  }
}
