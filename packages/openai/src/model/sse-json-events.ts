import { ModelError, readServerSentEvents, type ServerSentEvent } from "@agentscope-ts/core";
import { APIError } from "openai";

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
  return readEvents(response, provider, state, (event, data) => ({ event, data }));
}

/**
 * Like {@link readJsonEvents}, yielding only each event's `data` object (Chat Completions streams
 * carry no event names): one generator less per chunk than mapping the events.
 */
export function readJsonPayloads(
  response: Response,
  provider: string,
  state: SseWireState,
): AsyncGenerator<Record<string, unknown>, void, undefined> {
  return readEvents(response, provider, state, (_event, data) => data);
}

async function* readEvents<T>(
  response: Response,
  provider: string,
  state: SseWireState,
  pick: (event: string | undefined, data: Record<string, unknown>) => T,
): AsyncGenerator<T, void, undefined> {
  if (!response.body) {
    throw new ModelError(`${provider}: the streamed response has no body.`, {
      provider,
      retryable: true,
    });
  }
  const events = readServerSentEvents(response.body, { maxEventChars: MAX_SSE_EVENT_CHARS });
  try {
    while (true) {
      let read: IteratorResult<ServerSentEvent, void>;
      try {
        read = await events.next();
      } catch (error) {
        if ((error as { name?: unknown } | null)?.name === "ParseError") {
          throw invalidStream(provider, error as Error);
        }
        throw error;
      }
      if (read.done) return;
      const { event, data } = read.value;
      if (
        event === "ping" ||
        data.length === 0 ||
        (data.charCodeAt(0) <= 32 && data.trim() === "")
      ) {
        continue;
      }
      if (data === "[DONE]") {
        state.sentinel = true;
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch (error) {
        throw new ModelError(
          `${provider}: the response stream sent an event whose data is not valid JSON (${JSON.stringify(snippet(data))}); the stream was corrupted or cut. Retrying the request may help.`,
          { provider, retryable: true, cause: error },
        );
      }
      if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
        throw new ModelError(
          `${provider}: the response stream sent ${JSON.stringify(snippet(data))} where a JSON object was expected; the server does not speak this API's streaming protocol.`,
          { provider, retryable: false },
        );
      }
      const payload = parsed as Record<string, unknown>;
      if (event === "error" || payload.error) {
        throw new APIError(
          undefined,
          (payload.error ?? payload) as object,
          undefined,
          response.headers,
        );
      }
      yield pick(event, payload);
    }
  } finally {
    // Closes the event reader early (a `return` or a throw above): it cancels the body.
    await events.return(undefined).catch(() => {});
  }
}
