import {
  createParser,
  type EventSourceMessage,
  type EventSourceParser,
  type ParseError,
} from "eventsource-parser";

/**
 * One server-sent event: its `event` name (when sent), `data` and `id` (`eventsource-parser`'s
 * `EventSourceMessage`, written out so the public types need not name that package, which the
 * build bundles into core).
 */
export interface ServerSentEvent {
  /** The `event:` field, when the server sent one. */
  event?: string | undefined;
  /** The last `id:` field, when the server sent one. */
  id?: string | undefined;
  /** The `data:` lines, joined with newlines. */
  data: string;
}

/** Options of {@link readServerSentEvents}. */
export interface ReadServerSentEventsOptions {
  /** The largest event (in characters) buffered before the stream fails; default 32 MiB. */
  maxEventChars?: number;
  /** Called with each SSE comment line (`: …`), e.g. a provider's status comments. */
  onComment?: (comment: string) => void;
  /**
   * How long, after the reader stopped at a `data: [DONE]` event (the end of an OpenAI-style
   * stream), the rest of the body is read in the background before it is cancelled; default
   * 1000 ms. Reading it to its end lets the HTTP client reuse the connection.
   */
  drainAfterDoneMs?: number;
}

/** Default of {@link ReadServerSentEventsOptions.drainAfterDoneMs}: 1 s. */
export const DEFAULT_SSE_DRAIN_AFTER_DONE_MS = 1000;

/** The most bytes read and dropped after `[DONE]` before the body is cancelled instead. */
const MAX_DRAINED_BYTES = 64 * 1024;

/** Default of {@link ReadServerSentEventsOptions.maxEventChars}: 32 MiB. */
export const DEFAULT_MAX_SSE_EVENT_CHARS = 32 * 1024 * 1024;

/**
 * Reads a server-sent event stream (a response body) into its events, with `eventsource-parser`
 * and a bounded buffer. A malformed stream or an event past `maxEventChars` throws the parser's
 * `ParseError` (`name === "ParseError"`), after the events that came before it. An event cut off
 * by the end of the body is dropped, as the SSE specification says. Stopping the iteration
 * cancels the body, and so the HTTP request, unless the body ends within a timer tick or, when
 * the last event read was `data: [DONE]`, within `drainAfterDoneMs`; the iteration's `return()`
 * waits for neither.
 *
 * Decoded and split here in one loop rather than through `TextDecoderStream` +
 * `EventSourceParserStream`: two piped web TransformStreams cost a promise hop each per network
 * chunk and most of a short stream's setup time (issue 19). {@link ServerSentEventReader} reads
 * the same events a network chunk at a time.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  options: ReadServerSentEventsOptions = {},
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const reader = new ServerSentEventReader(body, options);
  try {
    for (let batch = await reader.read(); batch !== null; batch = await reader.read()) {
      for (let i = 0; i < batch.length; i++) {
        reader.consumed(batch[i] as ServerSentEvent);
        yield batch[i] as ServerSentEvent;
      }
    }
  } finally {
    reader.close();
  }
}

/**
 * {@link readServerSentEvents} a network chunk at a time: {@link read} resolves with every event
 * the next chunk(s) completed (one promise per chunk, not per event: a burst of events, as when a
 * reader falls behind a fast stream, is handed over at once). Call {@link close} when done,
 * after an error too: it releases the body as the iteration's end does.
 */
export class ServerSentEventReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  readonly #drainMs: number;
  #pending: EventSourceMessage[] = [];
  #failure: ParseError | undefined;
  readonly #parser: EventSourceParser;
  #ended = false;
  #closed = false;
  #sawDone = false;

  constructor(body: ReadableStream<Uint8Array>, options: ReadServerSentEventsOptions = {}) {
    this.#reader = body.getReader();
    this.#drainMs = options.drainAfterDoneMs ?? DEFAULT_SSE_DRAIN_AFTER_DONE_MS;
    this.#parser = createParser({
      onEvent: (message) => {
        this.#pending.push(message);
      },
      onError: (error) => {
        this.#failure ??= error;
      },
      ...(options.onComment ? { onComment: options.onComment } : {}),
      maxBufferSize: options.maxEventChars ?? DEFAULT_MAX_SSE_EVENT_CHARS,
    });
  }

  /**
   * The events of the next network chunk(s), never an empty list; `null` at the end of the body.
   * Rejects with the parser's `ParseError` once the events before the failure were returned.
   */
  async read(): Promise<ServerSentEvent[] | null> {
    while (true) {
      if (this.#pending.length > 0) {
        const batch = this.#pending;
        this.#pending = [];
        return batch;
      }
      if (this.#failure) throw this.#failure;
      if (this.#ended || this.#closed) return null;
      const read = await this.#reader.read();
      if (read.done) {
        this.#ended = true;
        this.#parser.feed(this.#decoder.decode());
      } else {
        this.#parser.feed(this.#decoder.decode(read.value, { stream: true }));
      }
    }
  }

  /**
   * Notes the last event the caller handled: when it was `data: [DONE]` (the end of an
   * OpenAI-style stream), {@link close} drains the rest of the body instead of cancelling it.
   */
  consumed(event: ServerSentEvent): void {
    this.#sawDone = event.data === "[DONE]";
  }

  /**
   * Stops reading (idempotent, never waits): a body not read to its end is drained after `[DONE]`
   * (for up to `drainAfterDoneMs`), else given a timer tick, then cancelled.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#pending = [];
    // Not awaited: the caller has what it wanted, and waiting here for the body to end would
    // add a timer tick (≈ 1 ms) to every streamed model call.
    if (!this.#ended) void releaseBody(this.#reader, this.#sawDone ? this.#drainMs : 0);
  }
}

/**
 * Ends the read of a body its reader stopped early (a return, a throw, a provider's `[DONE]`).
 * When the body ends by then, it is left closed, so the HTTP client keeps the connection for the
 * next request: undici closes a connection whose body was cancelled, and a new one costs a
 * connect (and a TLS handshake) per model call (issue 35). After `[DONE]` (`drainMs` > 0) the
 * rest of the body is read and dropped for up to `drainMs` and 64 KiB; otherwise (a stop
 * mid-answer: an abort, an error) it gets one timer tick, so a provider still generating is
 * stopped at once. Then the body is cancelled, which aborts the request. Never rejects.
 */
async function releaseBody(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  drainMs: number,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), drainMs);
    if (drainMs > 0) (timer as { unref?: () => void }).unref?.();
  });
  try {
    const ends = drainMs > 0 ? drainToEnd(reader) : reader.closed.then(() => true);
    if (await Promise.race([ends, later])) return;
  } catch {
    // The body failed: nothing to keep.
  } finally {
    clearTimeout(timer);
  }
  await reader.cancel().catch(() => {});
}

/** Reads a body to its end, dropping the bytes; false past {@link MAX_DRAINED_BYTES}. */
async function drainToEnd(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<boolean> {
  let bytes = 0;
  for (;;) {
    const read = await reader.read();
    if (read.done) return true;
    bytes += read.value.byteLength;
    if (bytes > MAX_DRAINED_BYTES) return false;
  }
}
