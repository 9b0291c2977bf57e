import { createParser, type EventSourceMessage, type ParseError } from "eventsource-parser";

/** One server-sent event: its `event` name (when sent), `data` and `id`. */
export type ServerSentEvent = EventSourceMessage;

/** Options of {@link readServerSentEvents}. */
export interface ReadServerSentEventsOptions {
  /** The largest event (in characters) buffered before the stream fails; default 32 MiB. */
  maxEventChars?: number;
  /** Called with each SSE comment line (`: …`), e.g. a provider's status comments. */
  onComment?: (comment: string) => void;
}

/** Default of {@link ReadServerSentEventsOptions.maxEventChars}: 32 MiB. */
export const DEFAULT_MAX_SSE_EVENT_CHARS = 32 * 1024 * 1024;

/**
 * Reads a server-sent event stream (a response body) into its events, with `eventsource-parser`
 * and a bounded buffer. A malformed stream or an event past `maxEventChars` throws the parser's
 * `ParseError` (`name === "ParseError"`), after the events that came before it. An event cut off
 * by the end of the body is dropped, as the SSE specification says. Stopping the iteration
 * cancels the body, and so the HTTP request, unless the body has ended already.
 *
 * Decoded and split here in one loop rather than through `TextDecoderStream` +
 * `EventSourceParserStream`: two piped web TransformStreams cost a promise hop each per network
 * chunk and most of a short stream's setup time (issue 19).
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  options: ReadServerSentEventsOptions = {},
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const pending: EventSourceMessage[] = [];
  let failure: ParseError | undefined;
  const parser = createParser({
    onEvent: (message) => {
      pending.push(message);
    },
    onError: (error) => {
      failure ??= error;
    },
    ...(options.onComment ? { onComment: options.onComment } : {}),
    maxBufferSize: options.maxEventChars ?? DEFAULT_MAX_SSE_EVENT_CHARS,
  });
  let next = 0;
  let ended = false;
  try {
    while (true) {
      if (next < pending.length) {
        yield pending[next++] as EventSourceMessage;
        continue;
      }
      pending.length = 0;
      next = 0;
      if (failure) throw failure;
      if (ended) return;
      const read = await reader.read();
      if (read.done) {
        ended = true;
        parser.feed(decoder.decode());
      } else {
        parser.feed(decoder.decode(read.value, { stream: true }));
      }
    }
  } finally {
    if (!ended) await releaseBody(reader);
  }
}

/**
 * Ends the read of a body its reader stopped early (a return, a throw, a provider's `[DONE]`).
 * When the body has ended by then, or ends within a timer tick (providers write their `[DONE]`
 * and the end of the response together), it is left closed, so the HTTP client keeps the
 * connection for the next request: undici closes a connection whose body was cancelled, and a
 * new one costs a connect (and a TLS handshake) per model call (issue 35). Otherwise the body is
 * cancelled, which aborts the request. Nothing more is read from it either way.
 */
async function releaseBody(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), 0);
  });
  try {
    if (await Promise.race([reader.closed.then(() => true), later])) return;
  } catch {
    // The body failed: nothing to keep.
  } finally {
    clearTimeout(timer);
  }
  await reader.cancel().catch(() => {});
}
