import { ModelError, normalizeProviderError } from "@agentscope-ts/core";

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
 * Turns what the `ollama` library threw into core's one error shape (the kit's
 * `normalizeProviderError`), saying what to do: a missing model (HTTP 404 "not found") names
 * `ollama pull NAME`; other HTTP errors keep their status (retryable for 408/409/429/5xx) and name
 * the host; a network error names the host and port, with how to start Ollama when nothing answers
 * there. Unknown errors are returned unchanged.
 */
export function normalizeOllamaError(error: unknown, context: OllamaErrorContext): unknown {
  const { provider, host, modelName } = context;
  const http = responseError(error);
  if (http && http.status === 404 && /not found/i.test(http.message)) {
    return new ModelError(
      `${provider}: the model "${modelName}" is not on the Ollama server at ${host} (${http.message}). Download it first: \`ollama pull ${modelName}\`.`,
      { cause: error, provider, status: 404, retryable: false },
    );
  }
  if (error instanceof Error && error.message === NO_DONE_MESSAGE) {
    return new ModelError(
      `${provider}: the response stream from ${host} ended before Ollama's final "done" message; the partial answer was discarded.`,
      { cause: error, provider, retryable: true },
    );
  }
  const normalized = normalizeProviderError(error, {
    provider,
    baseURL: host,
    httpFailure: (e) => {
      const failure = responseError(e);
      return (
        failure && {
          ...failure,
          message: `${failure.message} (HTTP ${failure.status} from ${host})`,
        }
      );
    },
  });
  const code = errorCode(error);
  if (
    normalized !== error &&
    normalized instanceof ModelError &&
    http === undefined &&
    code !== undefined &&
    UNREACHABLE.has(code)
  ) {
    return new ModelError(
      `${normalized.message}. Is the Ollama server running? Start it with \`ollama serve\`, or point the baseURL option (or OLLAMA_HOST) at your server.`,
      { cause: error, provider, retryable: true },
    );
  }
  return normalized;
}
