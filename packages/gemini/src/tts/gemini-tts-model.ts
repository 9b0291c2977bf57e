import {
  type ProviderTTSCallOptions,
  ProviderTTSModelBase,
  type ProviderTTSModelOptions,
  parseAudioMediaType,
  pcmMediaType,
  TTSAudioChunks,
  type TTSRequest,
  type TTSResponse,
  type TTSUsage,
  ValidationError,
} from "@agentscope-ts/core";
import {
  type GenerateContentConfig,
  type GenerateContentParameters,
  type GenerateContentResponse,
  type GoogleGenAI,
  Modality,
} from "@google/genai";
import { createGeminiClient } from "../model/gemini-chat-model.js";
import { geminiBaseUrl, normalizeGeminiError } from "../model/gemini-errors.js";

/** The sample rate of Gemini's speech (raw 16-bit PCM, `audio/L16;codec=pcm;rate=24000`). */
export const GEMINI_TTS_SAMPLE_RATE = 24_000;

/** Options of {@link GeminiTTSModel} (AgentScope's keyword arguments, camelCased). */
export interface GeminiTTSModelOptions extends ProviderTTSModelOptions<GenerateContentConfig> {
  /** The TTS model. Default `"gemini-2.5-flash-preview-tts"` (AgentScope's). */
  modelName?: string;
  /** The prebuilt voice (`Zephyr`, `Kore`, `Orus`, `Autonoe`…). Default `"Kore"`. */
  voice?: string;
  /** The API key; defaults to `GEMINI_API_KEY` / `GOOGLE_API_KEY` (read by the SDK on Node). */
  apiKey?: string;
  /** The API base URL (sent as the SDK's `httpOptions.baseUrl`). */
  baseURL?: string;
  /** More options of the SDK client (`GoogleGenAI`). */
  clientKwargs?: Record<string, unknown>;
  /** Fields of the SDK's `GenerateContentConfig` sent with every call (`temperature`, `seed`…). */
  generateKwargs?: GenerateContentConfig;
  /** Use this client instead of building one. */
  client?: GoogleGenAI;
}

/** Options of one {@link GeminiTTSModel} call (`generateKwargs`: more `GenerateContentConfig` fields). */
export type GeminiTTSCallOptions = ProviderTTSCallOptions<GenerateContentConfig>;

/** The inline audio parts of one `generateContent` answer, in order. */
function audioParts(response: GenerateContentResponse): { data: string; mimeType: string }[] {
  const out: { data: string; mimeType: string }[] = [];
  for (const part of response.candidates?.[0]?.content?.parts ?? []) {
    const inline = part.inlineData;
    if (typeof inline?.data === "string" && inline.data !== "") {
      out.push({ data: inline.data, mimeType: inline.mimeType ?? "" });
    }
  }
  return out;
}

/** AgentScope's media type for Gemini's `audio/L16;codec=pcm;rate=24000` (other types kept). */
function mediaTypeOf(mimeType: string): string {
  const type = parseAudioMediaType(mimeType || "audio/L16");
  return type.encoding === "pcm" ? pcmMediaType(type.sampleRate, type.channels) : mimeType;
}

function usageOf(response: GenerateContentResponse): Partial<TTSUsage> | undefined {
  const usage = response.usageMetadata;
  if (!usage) return undefined;
  return {
    inputTokens: usage.promptTokenCount ?? 0,
    outputTokens: usage.candidatesTokenCount ?? 0,
  };
}

/**
 * AgentScope's `GeminiTTSModel` on the official `@google/genai` SDK: `generateContent` (or
 * `generateContentStream`) with `responseModalities: ["AUDIO"]` and the prebuilt voice in
 * `speechConfig`; the inline PCM (24 kHz) of the answer becomes audio blocks, `audio/pcm;rate=…`.
 * One request per message (no streaming input). Retries before the first audio, timeouts and
 * abort come from core's `TTSModelBase`.
 */
export class GeminiTTSModel extends ProviderTTSModelBase<GenerateContentConfig> {
  /** The SDK client. */
  readonly client: GoogleGenAI;
  /** The sample rate of the speech (fixed by the API: 24 kHz). */
  readonly sampleRate = GEMINI_TTS_SAMPLE_RATE;

  constructor(options: GeminiTTSModelOptions = {}) {
    if (
      options.voice !== undefined &&
      (typeof options.voice !== "string" || options.voice === "")
    ) {
      throw new ValidationError("GeminiTTSModel options", [
        { path: "voice", message: 'expected a prebuilt voice name such as "Kore"' },
      ]);
    }
    super(options, {
      provider: "gemini",
      modelName: "gemini-2.5-flash-preview-tts",
      voice: "Kore",
    });
    this.client = options.client ?? createGeminiClient(options);
  }

  protected override normalizeError(error: unknown): unknown {
    return normalizeGeminiError(error, this.provider, geminiBaseUrl(this.client));
  }

  protected override async *doSynthesize(
    text: string,
    request: TTSRequest<GeminiTTSCallOptions>,
  ): AsyncGenerator<TTSResponse, void, undefined> {
    const params: GenerateContentParameters = {
      model: this.modelName,
      contents: text,
      config: {
        responseModalities: [Modality.AUDIO],
        speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: this.voice } } },
        ...this.requestKwargs(request),
        abortSignal: request.signal,
      },
    };
    // One response, or the chunks of a stream: their audio parts, handed out or collected.
    const responses = this.streaming
      ? await this.client.models.generateContentStream(params)
      : [await this.client.models.generateContent(params)];
    const audio = new TTSAudioChunks({
      streaming: this.streaming,
      mediaType: pcmMediaType(this.sampleRate),
    });
    let usage: Partial<TTSUsage> | undefined;
    for await (const response of responses) {
      usage = usageOf(response) ?? usage;
      for (const part of audioParts(response)) {
        const delta = audio.push(part.data, mediaTypeOf(part.mimeType));
        if (delta) yield delta;
      }
    }
    yield audio.end(usage);
  }
}
