import {
  AgentScopeError,
  isNetworkError,
  isRetryableStatus,
  ModelError,
  normalizeModelError,
} from "@agentscope-ts/core";

/** Where an error happened: which model on which server. */
export interface OllamaErrorContext {
  provider: string;
  host: string;
  modelName: string;
}

/** Connection failures that mean nothing answers at the host (as opposed to a dropped answer). */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** The first `code` in an error's cause chain. */
function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current != null && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The `ollama` library's `ResponseError` (an HTTP error status with the server's message). */
function responseError(error: unknown): { message: string; status: number } | undefined {
  const e = error as { name?: unknown; status_code?: unknown; error?: unknown; message?: unknown };
  if (error instanceof Error && e.name === "ResponseError" && typeof e.status_code === "number") {
    const message = typeof e.error === "string" && e.error ? e.error : String(e.message);
    return { message, status: e.status_code };
  }
  return undefined;
}

/** The library's complaint when a stream ends without Ollama's final `done` object. */
export const NO_DONE_MESSAGE = "Did not receive done or success response in stream.";

/**
 * Turns what the `ollama` library threw into a `ModelError` that says what to do: a missing model
 * (HTTP 404 "not found") names `ollama pull NAME`; a network error names the host and port (core's
 * `normalizeModelError` wording), with how to start Ollama when nothing answers there;
 * other HTTP errors keep their status (retryable for 408/409/429/5xx). Unknown errors are returned
 * unchanged.
 */
export function normalizeOllamaError(error: unknown, context: OllamaErrorContext): unknown {
  if (AgentScopeError.isAgentScopeError(error)) return error;
  const { provider, host, modelName } = context;
  const http = responseError(error);
  if (http) {
    if (http.status === 404 && /not found/i.test(http.message)) {
      return new ModelError(
        `${provider}: the model "${modelName}" is not on the Ollama server at ${host} (${http.message}). Download it first: \`ollama pull ${modelName}\`.`,
        { cause: error, provider, status: 404, retryable: false },
      );
    }
    return new ModelError(`${provider}: ${http.message} (HTTP ${http.status} from ${host})`, {
      cause: error,
      provider,
      status: http.status,
      retryable: isRetryableStatus(http.status),
    });
  }
  if (isNetworkError(error)) {
    // Core's wording ("network error reaching HOST:PORT (CODE): …"), as every provider says it.
    const normalized = normalizeModelError(error, provider, { baseURL: host });
    const code = errorCode(error);
    if (normalized instanceof ModelError && code !== undefined && UNREACHABLE.has(code)) {
      return new ModelError(
        `${normalized.message}. Is the Ollama server running? Start it with \`ollama serve\`, or point the host option (or OLLAMA_HOST) at your server.`,
        { cause: error, provider, retryable: true },
      );
    }
    return normalized;
  }
  if (error instanceof Error && error.message === NO_DONE_MESSAGE) {
    return new ModelError(
      `${provider}: the response stream from ${host} ended before Ollama's final "done" message; the partial answer was discarded.`,
      { cause: error, provider, retryable: true },
    );
  }
  return error;
}
