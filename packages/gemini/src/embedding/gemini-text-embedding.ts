import {
  BatchedTextEmbeddingBase,
  type EmbedOptions,
  type EmbedRequest,
  type EmbedResult,
  type NormalizedEmbeddingInput,
  type ProviderEmbeddingOptions,
  ValidationError,
} from "@agentscope-ts/core";
import type { EmbedContentConfig, GoogleGenAI } from "@google/genai";
import { createGeminiClient } from "../model/gemini-chat-model.js";
import { geminiBaseUrl, normalizeGeminiError } from "../model/gemini-errors.js";

/**
 * Options of {@link GeminiTextEmbedding} (AgentScope's keyword arguments, camelCased): `apiKey`
 * (default `GEMINI_API_KEY` / `GOOGLE_API_KEY`, read by the SDK on Node), `baseURL` (the SDK's
 * `httpOptions.baseUrl`), `batchSize` (default 100).
 */
export interface GeminiTextEmbeddingOptions extends ProviderEmbeddingOptions {
  /**
   * The vector size. Default 3072, as in AgentScope (gemini-embedding-001's size). Only when given
   * is it sent, as `outputDimensionality` (AgentScope sends none; smaller models refuse 3072).
   */
  dimensions?: number;
  /** More `EmbedContentConfig` fields sent with every request, e.g. `{ taskType: "RETRIEVAL_QUERY" }`. */
  embedKwargs?: EmbedContentConfig;
  /** More options of the SDK client. */
  clientKwargs?: Record<string, unknown>;
  /** Use this client instead of building one. */
  client?: GoogleGenAI;
}

/**
 * AgentScope's `GeminiTextEmbedding`: text embeddings from the Gemini API (`embedContent`, sent by
 * the SDK as `batchEmbedContents`), with batching of long lists, `dimensions`, and the cache,
 * retries, timeout and abort of `EmbeddingModelBase`. The cache key is AgentScope's
 * `{model, contents, config}`.
 */
export class GeminiTextEmbedding extends BatchedTextEmbeddingBase {
  readonly provider = "gemini";
  /** The SDK client. */
  readonly client: GoogleGenAI;
  /** The `EmbedContentConfig` sent with every request. */
  readonly config: EmbedContentConfig;

  constructor(options: GeminiTextEmbeddingOptions) {
    super(options, { owner: "GeminiTextEmbedding", dimensions: 3072, batchSize: 100 });
    this.config = {
      ...options.embedKwargs,
      ...(options.dimensions !== undefined ? { outputDimensionality: options.dimensions } : {}),
    };
    this.client = options.client ?? createGeminiClient(options);
  }

  protected async embedBatch(batch: string[], request: EmbedRequest): Promise<EmbedResult> {
    const response = await this.client.models.embedContent({
      model: this.modelName,
      contents: batch,
      config: { ...this.config, abortSignal: request.signal },
    });
    const vectors = response.embeddings ?? [];
    if (vectors.length !== batch.length) {
      throw new ValidationError("embedContent response", [
        {
          path: "embeddings",
          message: `expected ${batch.length} embeddings, received ${vectors.length}`,
        },
      ]);
    }
    return { embeddings: vectors.map((item) => item.values ?? []) };
  }

  protected override normalizeError(error: unknown): unknown {
    return normalizeGeminiError(error, this.provider, geminiBaseUrl(this.client));
  }

  /** AgentScope keys its cache on the whole request: `{model, contents, config}`. */
  protected override cacheIdentifier(
    inputs: readonly NormalizedEmbeddingInput[],
    _options: EmbedOptions,
  ): unknown {
    return { model: this.modelName, contents: inputs, config: this.config };
  }
}
