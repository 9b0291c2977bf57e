import {
  BatchedTextEmbeddingBase,
  definedFields,
  type EmbeddingModelBaseOptions,
  type EmbedRequest,
  type EmbedResult,
  normalizeProviderError,
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
export class OpenAITextEmbedding extends BatchedTextEmbeddingBase {
  readonly provider = "openai";
  /** The SDK client. */
  readonly client: OpenAI;

  constructor(options: OpenAITextEmbeddingOptions) {
    super(
      { ...options, dimensions: options.dimensions ?? 1024 },
      { owner: "OpenAITextEmbedding", batchSize: options.batchSize, defaultBatchSize: 2048 },
    );
    this.client =
      options.client ??
      new OpenAI({
        ...definedFields({ apiKey: options.apiKey, baseURL: options.baseURL }),
        ...options.clientKwargs,
        maxRetries: 0,
      });
  }

  protected async embedBatch(input: string[], request: EmbedRequest): Promise<EmbedResult> {
    const response = await this.client.embeddings.create(
      { input, model: this.modelName, dimensions: this.dimensions, encoding_format: "float" },
      { signal: request.signal },
    );
    const ordered = [...response.data].sort((a, b) => a.index - b.index);
    return {
      embeddings: ordered.map((item) => item.embedding),
      tokens: response.usage?.total_tokens ?? 0,
    };
  }

  /** SDK errors as `ModelError`s; a network error names the host of the client's base URL. */
  protected override normalizeError(error: unknown): unknown {
    return normalizeProviderError(error, { provider: this.provider, baseURL: this.client.baseURL });
  }

  /** AgentScope keys its cache on the whole request, `encoding_format: "float"` included. */
  protected override cacheKeyFields(): Record<string, unknown> {
    return { encoding_format: "float" };
  }
}
