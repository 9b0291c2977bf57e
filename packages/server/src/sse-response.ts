import { once } from "node:events";
import { ServerResponse } from "node:http";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";

/** Where an event stream writes its frames (see {@link sseResponse}). */
export interface SseSink {
  /** Writes SSE frames; resolves once more may be written (the socket took them or drained). */
  write(frames: string): Promise<void>;
  /** Calls `listener` once when the client goes away. */
  onAbort(listener: () => void): void;
}

// The headers Hono's `streamSSE` sets, in its order.
const SSE_HEADERS: Record<string, string> = {
  "Transfer-Encoding": "chunked",
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache",
  Connection: "keep-alive",
};

/**
 * An SSE response whose frames `body` writes. Served by `@hono/node-server` over HTTP/1 (the
 * server's `listen`), the frames go straight to node's response (no web streams between: a
 * `TransformStream`, its writer, reader and the adapter's pump per stream and per write); on
 * any other runtime, or `app.fetch` called directly, through Hono's `streamSSE`. Same headers
 * and bytes either way; the response ends when `body` settles.
 */
export function sseResponse(c: Context, body: (sink: SseSink) => Promise<void>): Response {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  if (!(outgoing instanceof ServerResponse)) {
    return streamSSE(c, (sse) =>
      body({
        write: async (frames) => {
          await sse.write(frames);
        },
        onAbort: (listener) => sse.onAbort(listener),
      }),
    );
  }
  const headers: Record<string, string> = {};
  c.res.headers.forEach((value, name) => {
    headers[name] = value;
  });
  outgoing.writeHead(200, { ...headers, ...SSE_HEADERS });
  outgoing.flushHeaders();
  const sink: SseSink = {
    async write(frames) {
      if (outgoing.destroyed || outgoing.writableEnded) return;
      if (!outgoing.write(frames)) await drainOrClose(outgoing);
    },
    onAbort(listener) {
      if (outgoing.destroyed) listener();
      else outgoing.once("close", () => (outgoing.writableFinished ? undefined : listener()));
    },
  };
  void body(sink)
    .catch(() => undefined)
    .finally(() => {
      if (!outgoing.writableEnded) outgoing.end();
    });
  // Tells the adapter the response is written already (its `RESPONSE_ALREADY_SENT` marker).
  return new Response(null, { headers: { "x-hono-already-sent": "true" } });
}

// Waits until the socket drained or closed (a client that stops reading is cut off by `close`).
async function drainOrClose(outgoing: ServerResponse): Promise<void> {
  const ac = new AbortController();
  try {
    await Promise.race([
      once(outgoing, "drain", { signal: ac.signal }),
      once(outgoing, "close", { signal: ac.signal }),
    ]);
  } finally {
    ac.abort();
  }
}
