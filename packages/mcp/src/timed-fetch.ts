import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { MCPConnectionError } from "./mcp-connection-error.js";

/** Options of {@link timedFetch}. */
export interface TimedFetchOptions {
  /** Milliseconds to wait for the response headers (connecting included). */
  timeout: number;
  /** Milliseconds of silence allowed while reading a response body (an SSE stream or JSON). */
  sseReadTimeout: number;
}

const MAX_TIMER_MS = 2_147_483_647;

const clamp = (ms: number): number => Math.min(Math.max(0, ms), MAX_TIMER_MS);

/**
 * Wraps `fetch` with two limits, as AgentScope's HTTP clients have them: `timeout` for the response
 * headers to arrive, and `sseReadTimeout` for the longest pause between pieces of the body. Either
 * one aborts the request with an {@link MCPConnectionError} naming the limit.
 */
export function timedFetch(options: TimedFetchOptions, baseFetch: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const controller = new AbortController();
    const outer = init?.signal;
    const signal = outer ? AbortSignal.any([outer, controller.signal]) : controller.signal;
    const headerTimer = setTimeout(() => {
      controller.abort(
        new MCPConnectionError(
          `No response from ${String(url)} within ${options.timeout} ms (the client's timeout).`,
        ),
      );
    }, clamp(options.timeout));
    let response: Response;
    try {
      response = await baseFetch(url, { ...init, signal });
    } finally {
      clearTimeout(headerTimer);
    }
    if (!response.ok || !response.body) return response;
    const body = withIdleTimeout(response.body, options.sseReadTimeout, () => {
      controller.abort(
        new MCPConnectionError(
          `The response from ${String(url)} was silent for more than ${options.sseReadTimeout} ms (the client's sseReadTimeout).`,
        ),
      );
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** A copy of `body` that calls `onIdle` when no chunk arrives for `idleMs`. */
function withIdleTimeout(
  body: ReadableStream<Uint8Array>,
  idleMs: number,
  onIdle: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const timer = setTimeout(onIdle, clamp(idleMs));
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
