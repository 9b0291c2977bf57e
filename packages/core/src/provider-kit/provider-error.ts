import { AgentScopeError } from "../errors/agentscope-error.js";
import { ModelError } from "../errors/model-error.js";
import { isNetworkError, isRetryableStatus, normalizeModelError } from "../model/model-errors.js";
import { type HeadersLike, retryAfterMsFromHeaders } from "../model/retry-after.js";

/** An HTTP failure read from a provider SDK's error. */
export interface ProviderHttpFailure {
  /** The HTTP status. */
  status: number;
  /** What the API said (shown after `"<provider>: "`). */
  message: string;
  /** Milliseconds the server asked to wait, when it said. */
  retryAfterMs?: number | undefined;
}

/** An error the API reported without an HTTP status (an error event inside a stream). */
export interface ProviderApiFailure {
  /** What the API said. */
  message: string;
  /** The status the error stands for, when it names one (e.g. Anthropic's `overloaded_error` → 529): retryable then. */
  status?: number | undefined;
  /** Whether a retry can help; default: when `status` is a retryable one. */
  retryable?: boolean | undefined;
}

/** Options of {@link normalizeProviderError}. */
export interface ProviderErrorOptions {
  /** The provider id, first in the message and on the error. */
  provider: string;
  /** The server the model talks to: a network error names its host. */
  baseURL?: string | undefined;
  /** Reads an HTTP failure from the SDK's error; default: its `status`, `message` and `headers` (`Retry-After`). */
  httpFailure?: ((error: unknown) => ProviderHttpFailure | undefined) | undefined;
  /** Reads an error the API reported without an HTTP status; default: none. */
  apiFailure?: ((error: unknown) => ProviderApiFailure | undefined) | undefined;
}

/** The default {@link ProviderErrorOptions.httpFailure}: `status`, `message` and `headers` of the error (OpenAI, Anthropic and most SDKs). */
export function statusHttpFailure(error: unknown): ProviderHttpFailure | undefined {
  if (error === null || typeof error !== "object") return undefined;
  const e = error as { status?: unknown; headers?: unknown; message?: unknown };
  if (typeof e.status !== "number") return undefined;
  return {
    status: e.status,
    message: typeof e.message === "string" && e.message ? e.message : String(error),
    retryAfterMs: retryAfterMsFromHeaders(e.headers as HeadersLike | undefined),
  };
}

/**
 * Turns what a provider SDK threw into core's one error shape, the same for every provider: an
 * HTTP failure is a {@link ModelError} `"<provider>: <message>"` with `status`, `retryable` (408,
 * 409, 429, 5xx) and `retryAfterMs`; a network error a retryable ModelError naming the host of
 * `baseURL`; an API error without status a ModelError retryable when it names a retryable
 * status. AgentScope errors and unknown errors are returned unchanged.
 */
export function normalizeProviderError(error: unknown, options: ProviderErrorOptions): unknown {
  if (AgentScopeError.isAgentScopeError(error)) return error;
  const { provider } = options;
  const http = (options.httpFailure ?? statusHttpFailure)(error);
  if (http) {
    return new ModelError(`${provider}: ${http.message}`, {
      cause: error,
      provider,
      status: http.status,
      retryable: isRetryableStatus(http.status),
      ...(http.retryAfterMs !== undefined ? { retryAfterMs: http.retryAfterMs } : {}),
    });
  }
  if (isNetworkError(error))
    return normalizeModelError(error, provider, { baseURL: options.baseURL });
  const api = options.apiFailure?.(error);
  if (api) {
    return new ModelError(`${provider}: ${api.message}`, {
      cause: error,
      provider,
      retryable: api.retryable ?? (api.status !== undefined && isRetryableStatus(api.status)),
      ...(api.status !== undefined ? { status: api.status } : {}),
    });
  }
  return error;
}
