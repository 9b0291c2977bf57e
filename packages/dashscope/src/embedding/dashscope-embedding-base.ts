import {
  EmbeddingModelBase,
  type EmbeddingModelBaseOptions,
  normalizeProviderError,
} from "@agentscope-ts/core";
import type { DashScopeEmbeddingClient } from "./dashscope-embedding-request.js";

/**
 * The shared part of DashScope's embedding models: the client settings, POSTing a batch, and
 * network errors that name the host they could not reach (as the chat model's do).
 */
export abstract class DashScopeEmbeddingBase extends EmbeddingModelBase {
  readonly provider = "dashscope";
  /** Where the requests go, with the API key. */
  protected readonly client: DashScopeEmbeddingClient;

  constructor(options: EmbeddingModelBaseOptions, client: DashScopeEmbeddingClient) {
    super(options);
    this.client = client;
  }

  protected override normalizeError(error: unknown): unknown {
    return normalizeProviderError(error, { provider: this.provider, baseURL: this.client.baseURL });
  }
}
