import type { EmbeddingModelBaseOptions } from "../embedding/embedding-model-base.js";
import type { ChatModelBaseOptions, ChatModelCallOptions } from "../model/chat-model-base.js";

/**
 * The options every provider's chat model names the same way (besides {@link ChatModelBaseOptions}):
 * a provider's options interface extends it and adds what is specific to its API (its `thinking`
 * mapping, client options…).
 */
export interface ProviderChatModelOptions extends ChatModelBaseOptions {
  /** The API key; defaults to the provider's environment variable (e.g. `OPENAI_API_KEY`). */
  apiKey?: string;
  /** The API base URL: a proxy, a compatible server or a regional endpoint. */
  baseURL?: string;
  /**
   * Repair tool-call arguments while they stream, so every chunk has a usable `input` (default
   * `true`); `false` keeps `input` `{}` until the last chunk.
   */
  streamToolParsing?: boolean;
  /** Extra request fields sent with every call, e.g. `{ temperature: 0.2, seed: 1 }`. */
  generateKwargs?: Record<string, unknown>;
  /** The provider id used in errors and traces (default: the provider's own, e.g. `"openai"`). */
  provider?: string;
}

/** The options of one call of a provider's chat model. */
export interface ProviderCallOptions extends ChatModelCallOptions {
  /** Extra request fields for this call (AgentScope's `**kwargs`), over the model's. */
  generateKwargs?: Record<string, unknown>;
}

/**
 * The options every provider's text embedding model names the same way (besides
 * {@link EmbeddingModelBaseOptions}); `dimensions` and `batchSize` have the provider's defaults.
 */
export interface ProviderEmbeddingOptions extends Omit<EmbeddingModelBaseOptions, "dimensions"> {
  /** The API key; defaults to the provider's environment variable (e.g. `OPENAI_API_KEY`). */
  apiKey?: string;
  /** The API base URL: a proxy, a compatible server or a regional endpoint. */
  baseURL?: string;
  /** The vector size (the provider's default when not given). */
  dimensions?: number;
  /**
   * Most texts sent in one request; longer lists are split into several requests (one after
   * another) and the vectors joined in order. Default: the API's per-request limit.
   */
  batchSize?: number;
}
