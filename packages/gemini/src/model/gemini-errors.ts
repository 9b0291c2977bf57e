import { normalizeProviderError, type ProviderHttpFailure } from "@agentscope-ts/core";

/** Loose view of a Google API error body (`{error: {code, message, status, details}}`). */
interface GoogleErrorBody {
  error?: {
    code?: unknown;
    message?: unknown;
    status?: unknown;
    details?: { "@type"?: unknown; retryDelay?: unknown }[];
  };
}

/** `"34.4s"` (a protobuf Duration in JSON) in milliseconds; `undefined` when unreadable. */
export function parseDurationMs(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value.trim());
  if (!match) return undefined;
  return Math.round(Number(match[1]) * 1000);
}

/** The error body the SDK put in an `ApiError` message (it writes the JSON body as the message). */
function bodyOf(message: string): GoogleErrorBody | undefined {
  const start = message.indexOf("{");
  if (start < 0) return undefined;
  try {
    return JSON.parse(message.slice(start)) as GoogleErrorBody;
  } catch {
    return undefined;
  }
}

/**
 * The wait a Google error asks for: the `retryDelay` of its `google.rpc.RetryInfo` detail, in
 * milliseconds (Gemini sends it on 429 instead of a `Retry-After` header).
 */
export function retryInfoDelayMs(body: GoogleErrorBody | undefined): number | undefined {
  for (const detail of body?.error?.details ?? []) {
    const type = detail?.["@type"];
    if (typeof type === "string" && type.endsWith("google.rpc.RetryInfo")) {
      return parseDurationMs(detail.retryDelay);
    }
  }
  return undefined;
}

/** The HTTP failure of an `ApiError` (HTTP status, the JSON body as its message): the API's own message and `RetryInfo` wait. */
function apiErrorFailure(error: unknown): ProviderHttpFailure | undefined {
  const e = error as { status?: unknown; message?: unknown } | null;
  if (
    !e ||
    typeof e !== "object" ||
    typeof e.status !== "number" ||
    typeof e.message !== "string"
  ) {
    return undefined;
  }
  const body = bodyOf(e.message);
  const apiMessage = body?.error?.message;
  const apiStatus = body?.error?.status;
  return {
    status: e.status,
    message:
      typeof apiMessage === "string"
        ? `HTTP ${e.status}${typeof apiStatus === "string" ? ` ${apiStatus}` : ""}: ${apiMessage}`
        : e.message,
    retryAfterMs: retryInfoDelayMs(body),
  };
}

/**
 * An error of the `@google/genai` SDK in core's one error shape (the kit's
 * `normalizeProviderError`): an `ApiError` keeps its status, says whether a retry can help, reads
 * the wait of a `RetryInfo` detail into `retryAfterMs`, and shows the API's own message; network
 * errors are retryable and name the host of `baseURL` (see {@link geminiBaseUrl}). Anything else
 * is returned as it is.
 */
export function normalizeGeminiError(error: unknown, provider: string, baseURL?: string): unknown {
  return normalizeProviderError(error, { provider, baseURL, httpFailure: apiErrorFailure });
}

/**
 * The base URL a `GoogleGenAI` client sends to (custom, Gemini API or Vertex AI), read from its
 * API client: the SDK keeps it `protected`, and there is no public getter. `undefined` if the
 * SDK ever moves it.
 */
export function geminiBaseUrl(client: unknown): string | undefined {
  const api = (client as { apiClient?: { getBaseUrl?: () => unknown } } | null)?.apiClient;
  try {
    const url = api?.getBaseUrl?.();
    return typeof url === "string" && url ? url : undefined;
  } catch {
    return undefined;
  }
}
