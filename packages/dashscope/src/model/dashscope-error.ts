import { type HeadersLike, ModelError, retryAfterMsFromHeaders } from "@agentscope-ts/core";

/** Options of a {@link DashScopeError}. */
export interface DashScopeErrorOptions {
  /** DashScope's error `code` (`Throttling.RateQuota`, `InvalidParameter`…), `""` when none. */
  errorCode: string;
  /** The `request_id` DashScope gave the failed request, when it sent one. */
  requestId?: string | undefined;
  /** The HTTP status (from the response, or a stream event's `:HTTP_STATUS/…` line). */
  status?: number | undefined;
  /** Milliseconds the server asked to wait (`Retry-After`). */
  retryAfterMs?: number | undefined;
  /** The provider id. Default `"dashscope"`. */
  provider?: string;
  cause?: unknown;
}

/**
 * Whether a DashScope error is worth retrying: throttling codes (`Throttling`,
 * `Throttling.RateQuota`, `Throttling.AllocationQuota`…), server-side failures and timeouts, and
 * HTTP 408/409/429/5xx. Bad parameters, keys, quotas running out (`Arrearage`) and content
 * inspection are not.
 */
export function isRetryableDashScopeError(errorCode: string, status: number | undefined): boolean {
  if (errorCode.startsWith("Throttling")) return true;
  if (/^(InternalError|ServiceUnavailable|RequestTimeOut|SystemError)/.test(errorCode)) return true;
  if (errorCode !== "" && status !== undefined && status < 500 && status !== 429) return false;
  return status === 408 || status === 409 || status === 429 || (status ?? 0) >= 500;
}

/**
 * A DashScope API call failed: a `ModelError` with DashScope's `errorCode` and `requestId`,
 * `status`, and `retryable` by code (throttling and server errors retry; see
 * {@link isRetryableDashScopeError}).
 */
export class DashScopeError extends ModelError {
  /** DashScope's error `code`, e.g. `Throttling.RateQuota`. */
  readonly errorCode: string;
  /** DashScope's `request_id` of the failed request. */
  readonly requestId: string | undefined;

  constructor(message: string, options: DashScopeErrorOptions) {
    const provider = options.provider ?? "dashscope";
    super(message, {
      provider,
      retryable: isRetryableDashScopeError(options.errorCode, options.status),
      ...(options.status !== undefined ? { status: options.status } : {}),
      ...(options.retryAfterMs !== undefined ? { retryAfterMs: options.retryAfterMs } : {}),
      ...(options.cause !== undefined ? { cause: options.cause } : {}),
    });
    this.errorCode = options.errorCode;
    this.requestId = options.requestId;
  }
}

const HINTS: Record<string, string> = {
  InvalidApiKey: "Check the API key (apiKey or DASHSCOPE_API_KEY) and its region's baseURL.",
  "Throttling.RateQuota": "Requests are over the rate limit; they are retried with backoff.",
  InvalidParameter: "Check the request parameters (generateKwargs, tools, messages).",
};

/**
 * The error for a failed DashScope response: its body `{code, message, request_id}` (JSON text,
 * or anything else, kept as the message), HTTP status and headers (`Retry-After`).
 */
export function dashScopeErrorFrom(
  status: number | undefined,
  bodyText: string,
  headers: HeadersLike | undefined,
  provider = "dashscope",
): DashScopeError {
  let code = "";
  let message = bodyText.slice(0, 500);
  let requestId: string | undefined;
  try {
    const body = JSON.parse(bodyText) as {
      code?: unknown;
      message?: unknown;
      request_id?: unknown;
    };
    if (typeof body.code === "string") code = body.code;
    if (typeof body.message === "string") message = body.message;
    if (typeof body.request_id === "string") requestId = body.request_id;
  } catch {
    // not JSON: keep the text
  }
  const hint = HINTS[code] ? ` ${HINTS[code]}` : "";
  const where = status !== undefined ? `HTTP ${status}` : "stream error";
  const retryAfterMs = retryAfterMsFromHeaders(headers);
  return new DashScopeError(
    `${provider}: ${where}${code ? ` ${code}` : ""}: ${message}${requestId ? ` (request_id ${requestId})` : ""}.${hint}`,
    { errorCode: code, requestId, status, retryAfterMs, provider },
  );
}
