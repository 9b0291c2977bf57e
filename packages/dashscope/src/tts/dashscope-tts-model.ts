import {
  ModelError,
  normalizeProviderError,
  type ProviderTTSCallOptions,
  ProviderTTSModelBase,
  type ProviderTTSModelOptions,
  pcmMediaType,
  TTSAudioChunks,
  type TTSRequest,
  type TTSResponse,
  type TTSUsage,
} from "@agentscope-ts/core";
import type { DashScopeEmbeddingClient } from "../embedding/dashscope-embedding-request.js";
import {
  type DashScopeEmbeddingClientOptions,
  embeddingClient,
} from "../embedding/dashscope-text-embedding.js";
import { postStream } from "../model/dashscope-http.js";
import { MULTIMODAL_GENERATION_PATH } from "../model/generation-request.js";
import { checkVoice, DASHSCOPE_TTS_SAMPLE_RATE } from "./dashscope-tts-options.js";

/** Options of {@link DashScopeTTSModel} (AgentScope's keyword arguments, camelCased). */
export interface DashScopeTTSModelOptions
  extends ProviderTTSModelOptions,
    DashScopeEmbeddingClientOptions {
  /** The TTS model. Default `"qwen3-tts-flash"` (AgentScope's); `qwen-tts` etc. */
  modelName?: string;
  /** The voice (`Cherry`, `Serena`, `Ethan`, `Chelsie`…). Default `"Cherry"`. */
  voice?: string;
  /** The language of the text (`Auto`, `Chinese`, `English`…), sent as `language_type`. Default `"Auto"`. */
  languageType?: string;
  /** More request `parameters` sent with every call; a `headers` entry becomes HTTP headers. */
  generateKwargs?: Record<string, unknown>;
}

/** Options of one {@link DashScopeTTSModel} call (`generateKwargs`: extra request `parameters`). */
export type DashScopeTTSCallOptions = ProviderTTSCallOptions;

function usageOf(data: Record<string, unknown>): Partial<TTSUsage> | undefined {
  const usage = data.usage as { input_tokens?: unknown; output_tokens?: unknown } | undefined;
  if (!usage || typeof usage !== "object") return undefined;
  return {
    inputTokens: typeof usage.input_tokens === "number" ? usage.input_tokens : 0,
    outputTokens: typeof usage.output_tokens === "number" ? usage.output_tokens : 0,
  };
}

/**
 * AgentScope's `DashScopeTTSModel`: Qwen-TTS (`qwen3-tts-flash`, `qwen-tts`) through DashScope's
 * multimodal-generation HTTP API, always read as a server-sent event stream (`X-DashScope-SSE:
 * enable`) as AgentScope does: each event's `output.audio.data` is base64 PCM at 24 kHz. With
 * `stream` the audio is yielded as it arrives; without, as one block. One request per message (no
 * streaming input). Retries, timeouts and abort come from core's `TTSModelBase`.
 */
export class DashScopeTTSModel extends ProviderTTSModelBase {
  /** The `language_type` sent with every call. */
  readonly languageType: string;
  /** The sample rate of the speech (Qwen-TTS answers in 24 kHz PCM). */
  readonly sampleRate = DASHSCOPE_TTS_SAMPLE_RATE;
  private readonly client: DashScopeEmbeddingClient;

  constructor(options: DashScopeTTSModelOptions = {}) {
    checkVoice(options.voice, "DashScopeTTSModel");
    super(options, { provider: "dashscope", modelName: "qwen3-tts-flash", voice: "Cherry" });
    this.languageType = options.languageType ?? "Auto";
    this.client = { ...embeddingClient(options, "DashScopeTTSModel"), provider: this.provider };
  }

  protected override normalizeError(error: unknown): unknown {
    return normalizeProviderError(error, { provider: this.provider, baseURL: this.client.baseURL });
  }

  protected override async *doSynthesize(
    text: string,
    request: TTSRequest<DashScopeTTSCallOptions>,
  ): AsyncGenerator<TTSResponse, void, undefined> {
    const { headers: extraHeaders, ...parameters } = this.requestKwargs(request);
    const headers: Record<string, string> = {};
    if (extraHeaders && typeof extraHeaders === "object") {
      for (const [name, value] of Object.entries(extraHeaders)) headers[name] = String(value);
    }
    const events = postStream({
      url: `${this.client.baseURL}${MULTIMODAL_GENERATION_PATH}`,
      headers: {
        ...headers,
        authorization: `Bearer ${this.client.apiKey}`,
        "content-type": "application/json",
        accept: "text/event-stream",
        "x-dashscope-sse": "enable",
      },
      body: {
        model: this.modelName,
        input: { text, voice: this.voice, language_type: this.languageType },
        parameters,
      },
      signal: request.signal,
      fetch: this.client.fetch,
      provider: this.provider,
    });
    const audio = new TTSAudioChunks({
      streaming: this.streaming,
      mediaType: pcmMediaType(this.sampleRate),
    });
    let usage: Partial<TTSUsage> | undefined;
    let finished = false;
    for await (const { data } of events) {
      usage = usageOf(data) ?? usage;
      const output = data.output as
        | { audio?: { data?: unknown }; finish_reason?: unknown }
        | undefined;
      if (output?.finish_reason === "stop") finished = true;
      const chunk = output?.audio?.data;
      if (typeof chunk !== "string" || chunk === "") continue;
      const delta = audio.push(chunk);
      if (delta) yield delta;
    }
    if (!finished) {
      throw new ModelError(
        `${this.provider}: the speech stream ended before finish_reason "stop"; the audio may be cut. Retrying the request may help.`,
        { provider: this.provider, retryable: true },
      );
    }
    yield audio.end(usage);
  }
}
