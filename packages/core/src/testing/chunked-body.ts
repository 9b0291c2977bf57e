const encoder = new TextEncoder();

/** A response body made by {@link chunkedBody}, and whether its reader cancelled it. */
export interface ChunkedBody {
  /** The body: one `parts` entry per read, then the end. */
  body: ReadableStream<Uint8Array>;
  /** True once the body was cancelled (a reader stopped early). */
  cancelled: () => boolean;
}

/**
 * A byte stream that delivers `parts` (strings are UTF-8 encoded) one read at a time, for testing
 * stream readers at chosen chunk boundaries: wrap it in `new Response(body)` for an HTTP response.
 */
export function chunkedBody(parts: readonly (string | Uint8Array)[]): ChunkedBody {
  let cancelled = false;
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = parts[i++];
      if (part === undefined) controller.close();
      else controller.enqueue(typeof part === "string" ? encoder.encode(part) : part);
    },
    cancel() {
      cancelled = true;
    },
  });
  return { body, cancelled: () => cancelled };
}
