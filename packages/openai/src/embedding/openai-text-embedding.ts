import {
  EmbeddingModelBase,
  type EmbeddingModelBaseOptions,
  type EmbedOptions,
  type EmbedRequest,
  type EmbedResult,
  type NormalizedEmbeddingInput,
  normalizeProviderError,
  ValidationError,
} from "@agentscope-ts/core";
import OpenAI from "openai";

/** Options of {@link OpenAITextEmbedding} (AgentScope's keyword arguments, camelCased). */
export interface OpenAITextEmbeddingOptions extends Omit<EmbeddingModelBaseOptions, "dimensions"> {
  /** The API key; defaults to the `OPENAI_API_KEY` environment variable (read by the SDK). */
  apiKey?: string;
  /** The vector size, sent as `dimensions`. Default 1024, as in AgentScope. */
  dimensions?: number;
  /** The API base URL, for compatible servers. */
  baseURL?: string;
  /**
   * Most inputs sent in one request; longer input lists are split into several requests (run one
   * after another) and the vectors joined in order. Default 2048 (OpenAI's per-request limit).
   */
  batchSize?: number;
  /** More options of the SDK client (`organization`, `defaultHeaders`, `fetch`…). */
  clientKwargs?: Record<string, unknown>;
  /** Use this client instead of building one. */
  client?: OpenAI;
}

/**
 * AgentScope's `OpenAITextEmbedding`: text embeddings from the OpenAI Embeddings API (or a
 * compatible server), with `dimensions`, `encoding_format: "float"`, batching of long input lists,
 * and the cache, retries, timeout and abort of `EmbeddingModelBase`.
 */
export class OpenAITextEmbedding extends EmbeddingModelBase {
  readonly provider = "openai";
  /** The SDK client. */
  readonly client: OpenAI;
  /** Most inputs per request. */
  readonly batchSize: number;

  constructor(options: OpenAITextEmbeddingOptions) {
    super({ ...options, dimensions: options.dimensions ?? 1024 });
    const batchSize = options.batchSize ?? 2048;
    if (!Number.isInteger(batchSize) || batchSize <= 0) {
      throw new ValidationError("OpenAITextEmbedding options", [
        {
          path: "batchSize",
          message: `expected a positive integer, received ${String(batchSize)}`,
        },
      ]);
    }
    this.batchSize = batchSize;
    this.client =
      options.client ??
      new OpenAI({
        ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
        ...(options.baseURL !== undefined ? { baseURL: options.baseURL } : {}),
        ...options.clientKwargs,
        maxRetries: 0,
      });
  }

  protected async doEmbed(
    inputs: readonly NormalizedEmbeddingInput[],
    request: EmbedRequest,
  ): Promise<EmbedResult> {
    const texts = inputs as readonly string[];
    const embeddings: number[][] = [];
    let tokens = 0;
    for (let start = 0; start < texts.length; start += this.batchSize) {
      const batch = texts.slice(start, start + this.batchSize);
      const response = await this.client.embeddings.create(
        {
          input: batch,
          model: this.modelName,
          dimensions: this.dimensions,
          encoding_format: "float",
        },
        { signal: request.signal },
      );
      const ordered = [...response.data].sort((a, b) => a.index - b.index);
      for (const item of ordered) embeddings.push(item.embedding);
      tokens += response.usage?.total_tokens ?? 0;
    }
    return { embeddings, tokens };
  }

  /** SDK errors as `ModelError`s; a network error names the host of the client's base URL. */
  protected override normalizeError(error: unknown): unknown {
    return normalizeProviderError(error, { provider: this.provider, baseURL: this.client.baseURL });
  }

  /** AgentScope keys its cache on the whole request, `encoding_format: "float"` included. */
  protected override cacheIdentifier(
    inputs: readonly NormalizedEmbeddingInput[],
    _options: EmbedOptions,
  ): unknown {
    return {
      input: inputs,
      model: this.modelName,
      dimensions: this.dimensions,
      encoding_format: "float",
    };
  }
}
