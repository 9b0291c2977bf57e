import {
  BatchedTextEmbeddingBase,
  type EmbedRequest,
  type EmbedResult,
  normalizeProviderError,
  type ProviderEmbeddingOptions,
} from "@agentscope-ts/core";
import type OpenAI from "openai";
import { abortOptions } from "../model/openai-client.js";
import { OpenAIClientRef } from "../model/openai-client-ref.js";

/**
 * Options of {@link OpenAITextEmbedding} (AgentScope's keyword arguments, camelCased): `apiKey`
 * (default `OPENAI_API_KEY`, read by the SDK), `baseURL` for compatible servers, `batchSize`
 * (default 2048, OpenAI's per-request limit).
 */
export interface OpenAITextEmbeddingOptions extends ProviderEmbeddingOptions {
  /** The vector size, sent as `dimensions`. Default 1024, as in AgentScope. */
  dimensions?: number;
  /** More options of the SDK client (`organization`, `defaultHeaders`, `fetch`…). */
  clientKwargs?: Record<string, unknown>;
  /** Use this client instead of building one (its own retries should be off). */
  client?: OpenAI;
}

/**
 * AgentScope's `OpenAITextEmbedding`: text embeddings from the OpenAI Embeddings API (or a
 * compatible server), with `dimensions`, `encoding_format: "float"`, batching of long input lists,
 * and the cache, retries, timeout and abort of `EmbeddingModelBase`.
 */
export class OpenAITextEmbedding extends BatchedTextEmbeddingBase {
  readonly provider = "openai";
  readonly #clientRef: OpenAIClientRef;

  constructor(options: OpenAITextEmbeddingOptions) {
    super(options, { owner: "OpenAITextEmbedding", dimensions: 1024, batchSize: 2048 });
    this.#clientRef = new OpenAIClientRef(options, "OpenAITextEmbedding");
  }

  /** The SDK client (where the `openai` SDK loads asynchronously, as in browsers: after the first call). */
  get client(): OpenAI {
    return this.#clientRef.client;
  }

  protected async embedBatch(input: string[], request: EmbedRequest): Promise<EmbedResult> {
    const client = this.#clientRef.current ?? (await this.#clientRef.ready());
    const response = await client.embeddings.create(
      { input, model: this.modelName, dimensions: this.dimensions, encoding_format: "float" },
      abortOptions(client, request.signal),
    );
    const ordered = [...response.data].sort((a, b) => a.index - b.index);
    return {
      embeddings: ordered.map((item) => item.embedding),
      tokens: response.usage?.total_tokens ?? 0,
    };
  }

  /** SDK errors as `ModelError`s; a network error names the host of the client's base URL. */
  protected override normalizeError(error: unknown): unknown {
    return normalizeProviderError(error, {
      provider: this.provider,
      baseURL: this.#clientRef.current?.baseURL,
    });
  }

  /** AgentScope keys its cache on the whole request, `encoding_format: "float"` included. */
  protected override cacheKeyFields(): Record<string, unknown> {
    return { encoding_format: "float" };
  }
}
