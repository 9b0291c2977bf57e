import {
  ModelError,
  type ServerSentEvent,
  ServerSentEventReader,
  StreamIterator,
} from "@agentscope-ts/core";
import { openAISdk } from "./openai-sdk.js";

/** The largest server-sent event we buffer (32 MiB): a stream past it is a typed error. */
export const MAX_SSE_EVENT_CHARS = 32 * 1024 * 1024;

/** One server-sent event whose `data` is a JSON object. */
export interface JsonEvent {
  /** The SSE `event:` name, when the server sent one (the Responses API does). */
  event: string | undefined;
  /** The parsed `data:` payload. */
  data: Record<string, unknown>;
}

/** What {@link readJsonEvents} observed besides the events, read once the iteration is over. */
export interface SseWireState {
  /** True when the server closed the stream with OpenAI's `data: [DONE]` sentinel. */
  sentinel: boolean;
}

function invalidStream(provider: string, error: Error): ModelError {
  return new ModelError(
    `${provider}: the response stream is not valid server-sent events or one event exceeds ${MAX_SSE_EVENT_CHARS} characters (${error.message}).`,
    { provider, retryable: false, cause: error },
  );
}

function snippet(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/**
 * Reads an OpenAI-style server-sent event stream into JSON objects, typed at every step. We decode
 * the SSE ourselves (with `eventsource-parser`) instead of through the SDK's `Stream`: the SDK
 * throws a bare `SyntaxError` on a keep-alive `event: ping` with empty data and on malformed JSON,
 * yields `data: null` as is, and hides whether `[DONE]` arrived. Here keep-alives (SSE comments,
 * events without data) are skipped, `[DONE]` ends the stream and is reported in `state`,
 * malformed JSON is a retryable {@link ModelError} (a corrupted or truncated line; a new request
 * may succeed), a payload that is not an object a non-retryable one, and an `event: error` or a
 * payload with an `error` field is the SDK's `APIError`, as the SDK itself reports it. Stopping
 * the iteration cancels the response body (and so the HTTP request).
 */
export function readJsonEvents(
  response: Response,
  provider: string,
  state: SseWireState,
): AsyncGenerator<JsonEvent, void, undefined> {
  return new JsonEventStream(response, provider, state, (event, data) => ({ event, data }));
}

/**
 * Like {@link readJsonEvents}, yielding only each event's `data` object (Chat Completions streams
 * carry no event names): one mapping less per chunk.
 */
export function readJsonPayloads(
  response: Response,
  provider: string,
  state: SseWireState,
): AsyncGenerator<Record<string, unknown>, void, undefined> {
  return new JsonEventStream(response, provider, state, (_event, data) => data);
}

// What one event comes to: a value to hand on, nothing (a keep-alive), or the end (`[DONE]`).
const SKIP = Symbol("skip");
const END = Symbol("end");

// One iterator from the body's network chunks to the values, not a generator over an event
// generator: a streamed answer crosses this once per chunk (issue 35).
class JsonEventStream<T> extends StreamIterator<T> {
  readonly #response: Response;
  readonly #provider: string;
  readonly #state: SseWireState;
  readonly #pick: (event: string | undefined, data: Record<string, unknown>) => T;
  #reader: ServerSentEventReader | undefined;
  #batch: ServerSentEvent[] = [];
  #at = 0;
  #done = false;
  #reading: Promise<void> | undefined;

  constructor(
    response: Response,
    provider: string,
    state: SseWireState,
    pick: (event: string | undefined, data: Record<string, unknown>) => T,
  ) {
    super();
    this.#response = response;
    this.#provider = provider;
    this.#state = state;
    this.#pick = pick;
  }

  next(): Promise<IteratorResult<T, void>> {
    // A `next()` asked while a read is under way waits for it (an async generator queues calls).
    if (this.#reading) return this.#reading.then(() => this.next());
    try {
      const ready = this.#fromBatch();
      if (ready) return Promise.resolve(ready);
    } catch (error) {
      this.#finish();
      return Promise.reject(error);
    }
    const reading = this.#readMore();
    const settled = reading.then(noop, noop);
    this.#reading = settled;
    void settled.then(() => {
      if (this.#reading === settled) this.#reading = undefined;
    });
    return reading;
  }

  // The next result the current batch holds, or `undefined` when it is used up.
  #fromBatch(): IteratorResult<T, void> | undefined {
    if (this.#done) return DONE;
    while (this.#at < this.#batch.length) {
      const event = this.#batch[this.#at++] as ServerSentEvent;
      this.#reader?.consumed(event);
      const value = this.#valueOf(event);
      if (value === SKIP) continue;
      if (value === END) {
        this.#state.sentinel = true;
        this.#finish();
        return DONE;
      }
      return { done: false, value };
    }
    return undefined;
  }

  async #readMore(): Promise<IteratorResult<T, void>> {
    try {
      for (;;) {
        let batch: ServerSentEvent[] | null;
        try {
          batch = await this.#opened().read();
        } catch (error) {
          if ((error as { name?: unknown } | null)?.name === "ParseError") {
            throw invalidStream(this.#provider, error as Error);
          }
          throw error;
        }
        if (this.#done) return DONE;
        if (batch === null) {
          this.#finish();
          return DONE;
        }
        this.#batch = batch;
        this.#at = 0;
        const ready = this.#fromBatch();
        if (ready) return ready;
      }
    } catch (error) {
      this.#finish();
      throw error;
    }
  }

  #opened(): ServerSentEventReader {
    if (this.#reader) return this.#reader;
    const body = this.#response.body;
    if (!body) {
      throw new ModelError(`${this.#provider}: the streamed response has no body.`, {
        provider: this.#provider,
        retryable: true,
      });
    }
    this.#reader = new ServerSentEventReader(body, { maxEventChars: MAX_SSE_EVENT_CHARS });
    return this.#reader;
  }

  #valueOf(sse: ServerSentEvent): T | typeof SKIP | typeof END {
    const { event, data } = sse;
    if (event === "ping" || data.length === 0 || (data.charCodeAt(0) <= 32 && data.trim() === "")) {
      return SKIP;
    }
    if (data === "[DONE]") return END;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch (error) {
      throw new ModelError(
        `${this.#provider}: the response stream sent an event whose data is not valid JSON (${JSON.stringify(snippet(data))}); the stream was corrupted or cut. Retrying the request may help.`,
        { provider: this.#provider, retryable: true, cause: error },
      );
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new ModelError(
        `${this.#provider}: the response stream sent ${JSON.stringify(snippet(data))} where a JSON object was expected; the server does not speak this API's streaming protocol.`,
        { provider: this.#provider, retryable: false },
      );
    }
    const payload = parsed as Record<string, unknown>;
    if (event === "error" || payload.error) {
      throw new (openAISdk().APIError)(
        undefined,
        (payload.error ?? payload) as object,
        undefined,
        this.#response.headers,
      );
    }
    return this.#pick(event, payload);
  }

  // Ends the iteration and releases the body (cancelled, or drained after `[DONE]`).
  #finish(): void {
    this.#done = true;
    this.#batch = [];
    this.#reader?.close();
  }

  return(): Promise<IteratorResult<T, void>> {
    this.#finish();
    return Promise.resolve(DONE);
  }
}

const DONE: IteratorReturnResult<void> = Object.freeze({ done: true, value: undefined });
const noop = (): void => {};
