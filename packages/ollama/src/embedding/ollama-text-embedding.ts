import {
  EmbeddingModelBase,
  type EmbeddingModelBaseOptions,
  type EmbedRequest,
  type EmbedResult,
  type NormalizedEmbeddingInput,
} from "@agentscope-ts/core";
import {
  createOllamaClient,
  type OllamaClient,
  type OllamaClientKwargs,
} from "../model/ollama-client.js";
import { normalizeOllamaError } from "../model/ollama-errors.js";
import { type OllamaBaseURLOptions, ollamaBaseURL } from "../model/ollama-options.js";

/** Options of {@link OllamaTextEmbedding} (AgentScope's keyword arguments, camelCased). */
export interface OllamaTextEmbeddingOptions
  extends EmbeddingModelBaseOptions,
    OllamaBaseURLOptions {
  /** More options of the `ollama` client: `headers`, `fetch`, `proxy`. */
  clientKwargs?: OllamaClientKwargs;
  /** Extra `/api/embed` fields sent with every call (`keep_alive`, `truncate`, `options`…). */
  generateKwargs?: Record<string, unknown>;
  /** The provider id used in errors and traces. Default `"ollama"`. */
  provider?: string;
}

/**
 * AgentScope's `OllamaTextEmbedding` on Ollama's `/api/embed`: all texts in one request (the
 * reference sends one legacy `/api/embeddings` request per text), with the cache, retries,
 * timeout and abort of `EmbeddingModelBase`; usage tokens from `prompt_eval_count`.
 */
export class OllamaTextEmbedding extends EmbeddingModelBase {
  readonly provider: string;
  /** The client (for `list()`, `pull()`…); calls use one bound to their abort signal. */
  readonly client: OllamaClient;
  /** Extra request fields sent with every call. */
  generateKwargs: Record<string, unknown>;
  private readonly host: string | undefined;
  private readonly clientKwargs: OllamaClientKwargs;

  constructor(options: OllamaTextEmbeddingOptions) {
    super(options);
    this.provider = options.provider ?? "ollama";
    this.generateKwargs = { ...options.generateKwargs };
    this.host = ollamaBaseURL("OllamaTextEmbedding", options);
    this.clientKwargs = { ...options.clientKwargs };
    this.client = createOllamaClient(this.host, this.clientKwargs);
  }

  protected async doEmbed(
    inputs: readonly NormalizedEmbeddingInput[],
    request: EmbedRequest,
  ): Promise<EmbedResult> {
    const client = createOllamaClient(this.host, this.clientKwargs, request.signal);
    const response = await client.embed({
      ...this.generateKwargs,
      model: this.modelName,
      input: [...(inputs as readonly string[])],
    });
    const result: EmbedResult = { embeddings: response.embeddings };
    if (typeof response.prompt_eval_count === "number") result.tokens = response.prompt_eval_count;
    return result;
  }

  protected override normalizeError(error: unknown): unknown {
    return normalizeOllamaError(error, {
      provider: this.provider,
      host: this.client.host,
      modelName: this.modelName,
    });
  }
}
