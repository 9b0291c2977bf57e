import { AgentScopeError } from "../errors/agentscope-error.js";
import { ModelError } from "../errors/model-error.js";
import { type HeadersLike, retryAfterMsFromHeaders } from "./retry-after.js";

const NETWORK_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "ENETDOWN",
  "EHOSTUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_CLOSED",
]);

const NETWORK_MESSAGE =
  /fetch failed|network ?error|socket hang up|connection (error|reset|refused|closed)|econnreset|etimedout|other side closed|request timed out|^terminated$/i;

const NETWORK_ERROR_NAMES = new Set([
  "APIConnectionError",
  "APIConnectionTimeoutError",
  "FetchError",
  "TimeoutError",
]);

/** True for HTTP statuses worth retrying: 408, 409, 429 and every 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * True when `error` (or an error in its `cause` chain) is a dropped or failed connection:
 * ECONNRESET and friends, undici's `fetch failed`, SDK connection errors.
 */
export function isNetworkError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current != null && typeof current === "object"; depth++) {
    const e = current as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === "string" && NETWORK_CODES.has(e.code)) return true;
    if (typeof e.name === "string" && NETWORK_ERROR_NAMES.has(e.name)) return true;
    if (current instanceof Error && NETWORK_ERROR_NAMES.has(current.constructor.name)) return true;
    if (typeof e.message === "string" && NETWORK_MESSAGE.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

/**
 * True when retrying the operation that threw `error` may help: AgentScope errors say so through
 * `retryable`; raw errors count when they are network errors or carry a retryable HTTP `status`.
 */
export function isRetryableError(error: unknown): boolean {
  if (AgentScopeError.isAgentScopeError(error)) return error.retryable;
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === "number") return isRetryableStatus(status);
  return isNetworkError(error);
}

/** Options of {@link normalizeModelError}. */
export interface NormalizeModelErrorOptions {
  /** The server the model talks to: a network error's message names its host (and port). */
  baseURL?: string | undefined;
}

/** The `host[:port]` of `baseURL` for messages; the text itself when it is not a URL. */
export function urlHost(baseURL: string): string {
  try {
    return new URL(baseURL).host || baseURL;
  } catch {
    return baseURL;
  }
}

// The first network error code (ECONNREFUSED…) in an error's cause chain.
function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current != null && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Turns whatever a provider SDK threw into a {@link ModelError} where it can: errors with an HTTP
 * `status` (OpenAI, Anthropic and most SDKs) keep status, message and `Retry-After`; network errors
 * become retryable ModelErrors naming the host of `options.baseURL` and the error code (e.g.
 * `openai: network error reaching 127.0.0.1:8000 (ECONNREFUSED): Connection error.`), the SDK's
 * error kept as `cause`. AgentScope errors and unknown errors are returned unchanged.
 */
export function normalizeModelError(
  error: unknown,
  provider?: string,
  options: NormalizeModelErrorOptions = {},
): unknown {
  if (AgentScopeError.isAgentScopeError(error)) return error;
  if (error === null || typeof error !== "object") return error;
  const e = error as { status?: unknown; headers?: unknown; message?: unknown };
  const message = typeof e.message === "string" && e.message ? e.message : String(error);
  const where = provider ? `${provider}: ` : "";
  if (typeof e.status === "number") {
    const retryAfterMs = retryAfterMsFromHeaders(e.headers as HeadersLike | undefined);
    return new ModelError(`${where}${message}`, {
      cause: error,
      status: e.status,
      retryable: isRetryableStatus(e.status),
      ...(provider !== undefined ? { provider } : {}),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  }
  if (isNetworkError(error)) {
    const host = options.baseURL ? ` reaching ${urlHost(options.baseURL)}` : "";
    const code = networkCode(error);
    const codeText = code && !message.includes(code) ? ` (${code})` : "";
    return new ModelError(`${where}network error${host}${codeText}: ${message}`, {
      cause: error,
      retryable: true,
      ...(provider !== undefined ? { provider } : {}),
    });
  }
  return error;
}
