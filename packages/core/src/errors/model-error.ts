import { AgentScopeError, type AgentScopeErrorOptions } from "./agentscope-error.js";

/** Options of a {@link ModelError}. */
export interface ModelErrorOptions extends AgentScopeErrorOptions {
  /** The provider id, e.g. `"openai"`. */
  provider?: string;
  /** The HTTP status code, when the provider answered with one. */
  status?: number;
  /** How long the provider asked us to wait before retrying, in milliseconds. */
  retryAfterMs?: number;
}

/**
 * A model or provider call failed. `status` and `provider` say where; `retryable` is true for rate
 * limits, server errors, timeouts and dropped connections; `retryAfterMs` carries the provider's
 * `Retry-After` when it sent one.
 */
export class ModelError extends AgentScopeError {
  override readonly code: string = "model";
  readonly provider: string | undefined;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: ModelErrorOptions = {}) {
    super(message, options);
    this.provider = options.provider;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}
