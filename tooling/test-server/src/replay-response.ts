import type { TestServerCall } from "./test-server-call.js";

/** How a streamed response is framed on the wire, as each provider's API frames it. */
export type StreamFormat =
  | "openai"
  | "openai-responses"
  | "anthropic"
  | "gemini"
  | "ollama"
  | "dashscope"
  | "raw";

/** Headers to add to a response. */
export type ResponseHeaders = Record<string, string>;

/** A JSON body (a recorded non-streaming response), status 200 unless `status` says otherwise. */
export interface JsonReplay {
  type: "json";
  body: unknown;
  status?: number;
  headers?: ResponseHeaders;
}

/**
 * A server-sent-event stream of `chunks`, framed per `format`: OpenAI-style `data: …` lines ending
 * with `data: [DONE]`, Anthropic-style `event:`/`data:` pairs (the event name is the chunk's
 * `type`; OpenAI's Responses API frames its events the same way: `openai-responses`), Gemini's
 * `alt=sse` `data:` lines, DashScope's numbered `id:`/`event:`/`data:` events (an `error` event for
 * a chunk with a `code`), Ollama's NDJSON (one JSON object per line, `application/x-ndjson`, no
 * trailer), or `raw`: each chunk written exactly as given, no framing and no trailer (for keep-alive
 * comments, empty events and malformed lines). A chunk is a JSON string (a line of a recorded
 * `.chunks.txt`, sent byte for byte) or a value to serialise.
 */
export interface StreamReplay {
  type: "stream";
  format: StreamFormat;
  chunks: readonly unknown[];
  /** Milliseconds between chunks; 0 or unset sends the whole stream in one write. */
  delayMs?: number;
  /**
   * Cut the stream after this many chunks: `"destroy"` (default) resets the connection without
   * finishing the HTTP response; `"end"` ends the response cleanly but early (no `[DONE]`).
   */
  cutAfter?: number;
  cutMode?: "destroy" | "end";
  headers?: ResponseHeaders;
}

/** An HTTP error: `status`, a body (JSON value or text) and optionally `Retry-After`. */
export interface ErrorReplay {
  type: "error";
  status: number;
  body?: unknown;
  /** Sent as the `retry-after` header (seconds, or an HTTP date string). */
  retryAfter?: number | string;
  headers?: ResponseHeaders;
}

/** Raw bytes (an image, audio…) with a content type. */
export interface BinaryReplay {
  type: "binary";
  body: Uint8Array;
  contentType?: string;
  headers?: ResponseHeaders;
}

/** Resets the connection as soon as the request arrived (no status line is sent). */
export interface ResetReplay {
  type: "reset";
}

/**
 * Sends nothing for `ms` milliseconds (default: until the client gives up or the server closes),
 * then answers with `after` when given; models a server slower than the client's timeout.
 */
export interface StallReplay {
  type: "stall";
  ms?: number;
  after?: Exclude<ReplayResponse, StallReplay>;
}

/** What the server answers to one request. */
export type ReplayResponse =
  | JsonReplay
  | StreamReplay
  | ErrorReplay
  | BinaryReplay
  | ResetReplay
  | StallReplay;

/** What a route's response is computed from: the request and how many came before on that route. */
export interface ResponseContext {
  /** 0 for the first request on this route, 1 for the second… */
  callNumber: number;
  /** The recorded request. */
  call: TestServerCall;
}

/**
 * A route's responses: one response for every request, a queue (the n-th request gets the n-th
 * entry; requests past the end get a 500 naming the route), or a function of the request.
 */
export type RouteResponse =
  | ReplayResponse
  | readonly ReplayResponse[]
  | ((context: ResponseContext) => ReplayResponse | Promise<ReplayResponse>);

/** One route of the test server. */
export interface RouteHandler {
  response: RouteResponse;
}
