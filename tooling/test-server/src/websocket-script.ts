/** A frame a WebSocket client sent, as the test server recorded it. */
export type ClientFrame =
  | {
      type: "text";
      text: string /** The text parsed as JSON, `undefined` when it is not JSON. */;
      json: unknown;
    }
  | { type: "binary"; data: Uint8Array };

/** What a scripted step can compute its frame from: the connection's client frames so far. */
export interface WebSocketStepContext {
  /** Every frame the client sent on this connection, in order. */
  frames: readonly ClientFrame[];
  /** The client frame the latest `expect` step matched (`undefined` before any). */
  matched: ClientFrame | undefined;
  /** The request path and query of the connection. */
  url: URL;
}

/** How an `expect` step recognises its client frame. */
export type ClientFrameMatcher =
  | ((frame: ClientFrame, context: WebSocketStepContext) => boolean)
  /** A JSON frame that contains this object (a deep subset: extra fields are allowed). */
  | Record<string, unknown>
  /** A text frame equal to this string. */
  | string
  /** Any binary frame. */
  | { binary: true };

/**
 * One step of a scripted WebSocket conversation, run in order on each connection:
 * - `send`: a text frame: `data` as JSON (a string is sent as is), or `from(context)` computed
 *   from the client's frames (e.g. to echo a task id the client chose).
 * - `sendBinary`: a binary frame (`data`, or `from(context)`).
 * - `expect`: wait for the next client frame that matches (frames before it are recorded and
 *   skipped); fails the script after `timeoutMs` (default 10 000) by closing with 1011.
 * - `close`: a close frame with `code` (default 1000) and `reason`.
 * - `terminate`: drop the connection without a close frame (a cut mid-stream).
 * - `stall`: send nothing more until the client closes (a stalled socket).
 */
export type WebSocketStep =
  | { type: "send"; data?: unknown; from?: (context: WebSocketStepContext) => unknown }
  | {
      type: "sendBinary";
      data?: Uint8Array;
      from?: (context: WebSocketStepContext) => Uint8Array;
    }
  | { type: "expect"; match?: ClientFrameMatcher; timeoutMs?: number }
  | { type: "close"; code?: number; reason?: string }
  | { type: "terminate" }
  | { type: "stall" };

/**
 * A route of the WebSocket replay: `script` runs on every connection; or `scripts`, where the n-th
 * connection runs the n-th script (and a connection past the last is closed with 1011).
 */
export interface WebSocketRoute {
  /** The steps every connection runs. */
  script?: readonly WebSocketStep[];
  /** One script per connection, in order of arrival. */
  scripts?: readonly (readonly WebSocketStep[])[];
  /** Refuse the upgrade with this HTTP status (e.g. 401) instead of accepting it. */
  rejectStatus?: number;
}

/** WebSocket routes by path; `"*"` accepts any other path. */
export type WebSocketRoutes = Record<string, WebSocketRoute>;

/** What the test server recorded of one WebSocket connection. */
export interface WebSocketConnectionRecord {
  /** The request path without query. */
  path: string;
  /** The query parameters. */
  searchParams: URLSearchParams;
  /** The upgrade request's headers, names in lower case. */
  headers: Record<string, string>;
  /** Every frame the client sent, in order. */
  frames: ClientFrame[];
  /** The JSON of the client's text frames, in order (non-JSON frames left out). */
  readonly messages: unknown[];
  /** Script failures (an `expect` that timed out or saw the client close), in order. */
  errors: string[];
  /** Resolves when the connection is closed, with who closed it and the close code. */
  closed: Promise<{ by: "client" | "server"; code: number; reason: string }>;
}

/** Whether `actual` contains `expected` (objects: every key matches; arrays and scalars: equal). */
export function containsSubset(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== "object") return Object.is(actual, expected);
  if (actual === null || typeof actual !== "object") return false;
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((value, i) => containsSubset(actual[i], value))
    );
  }
  return Object.entries(expected).every(([key, value]) =>
    containsSubset((actual as Record<string, unknown>)[key], value),
  );
}

/** Whether the client frame `frame` is the one `matcher` waits for. */
export function frameMatches(
  frame: ClientFrame,
  matcher: ClientFrameMatcher | undefined,
  context: WebSocketStepContext,
): boolean {
  if (matcher === undefined) return true;
  if (typeof matcher === "function") return matcher(frame, context);
  if (typeof matcher === "string") return frame.type === "text" && frame.text === matcher;
  if ((matcher as { binary?: unknown }).binary === true && Object.keys(matcher).length === 1) {
    return frame.type === "binary";
  }
  return frame.type === "text" && containsSubset(frame.json, matcher);
}
