import {
  type EmbeddingModelBaseOptions,
  type EmbedRequest,
  type EmbedResult,
  embedInBatches,
  type NormalizedEmbeddingInput,
  nodeHttpFetch,
  ValidationError,
} from "@agentscope-ts/core";
import { type DashScopeBaseURLOptions, dashScopeBaseURL } from "../utils/base-url.js";
import { env } from "../utils/env.js";
import { DashScopeEmbeddingBase } from "./dashscope-embedding-base.js";
import { type DashScopeEmbeddingClient, postEmbedding } from "./dashscope-embedding-request.js";

/** The path of DashScope's text-embedding API, under the base URL. */
export const TEXT_EMBEDDING_PATH = "/services/embeddings/text-embedding/text-embedding";

/** Options shared by the DashScope embedding models. */
export interface DashScopeEmbeddingClientOptions extends DashScopeBaseURLOptions {
  /** The API key; defaults to the `DASHSCOPE_API_KEY` environment variable. */
  apiKey?: string;
  /** The `fetch` used for requests. Default: core's `nodeHttpFetch` (`node:http` under Node, else the global `fetch`). */
  fetch?: typeof globalThis.fetch;
}

/** Options of {@link DashScopeTextEmbedding} (AgentScope's keyword arguments, camelCased). */
export interface DashScopeTextEmbeddingOptions
  extends Omit<EmbeddingModelBaseOptions, "dimensions">,
    DashScopeEmbeddingClientOptions {
  /** The vector size, sent as `parameters.dimension`. Default 1024, as in AgentScope. */
  dimensions?: number;
}

/** The client settings of a DashScope embedding model, checked. */
export function embeddingClient(
  options: DashScopeEmbeddingClientOptions,
  what: string,
): DashScopeEmbeddingClient {
  const apiKey = options.apiKey ?? env("DASHSCOPE_API_KEY");
  if (!apiKey) {
    throw new ValidationError(
      `${what} options`,
      [{ path: "apiKey", message: "required (no apiKey given and DASHSCOPE_API_KEY is not set)" }],
      { hint: "Pass apiKey, or set the DASHSCOPE_API_KEY environment variable." },
    );
  }
  return {
    apiKey,
    baseURL: dashScopeBaseURL(what, options),
    fetch: options.fetch ?? nodeHttpFetch,
    provider: "dashscope",
  };
}

/**
 * AgentScope's `DashScopeTextEmbedding`: DashScope's text-embedding API (`text-embedding-v4`…),
 * `parameters.dimension`, inputs sent in batches of 10 (the API's limit for v3/v4), with the
 * cache, retries, timeout and abort of `EmbeddingModelBase`.
 */
export class DashScopeTextEmbedding extends DashScopeEmbeddingBase {
  /** Most texts per request (DashScope's limit). */
  readonly batchSizeLimit = 10;

  constructor(options: DashScopeTextEmbeddingOptions) {
    super(
      { ...options, dimensions: options.dimensions ?? 1024 },
      embeddingClient(options, "DashScopeTextEmbedding"),
    );
  }

  protected async doEmbed(
    inputs: readonly NormalizedEmbeddingInput[],
    request: EmbedRequest,
  ): Promise<EmbedResult> {
    const texts = inputs as readonly string[];
    const result = await embedInBatches(texts, this.batchSizeLimit, async (batch) => {
      const answer = await postEmbedding(
        this.client,
        TEXT_EMBEDDING_PATH,
        {
          model: this.modelName,
          input: { texts: batch },
          parameters: { dimension: this.dimensions },
        },
        request.signal,
      );
      const used = answer.usage.total_tokens;
      return { embeddings: answer.embeddings, tokens: typeof used === "number" ? used : 0 };
    });
    return { embeddings: result.embeddings, tokens: result.tokens ?? 0 };
  }
}
