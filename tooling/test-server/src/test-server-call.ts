/** A request the test server received, recorded so tests can assert what a client sent. */
export interface TestServerCall {
  /** `GET`, `POST`… */
  method: string;
  /** The path without the query, e.g. `/v1/chat/completions`. */
  path: string;
  /** The query parameters. */
  searchParams: URLSearchParams;
  /** Request headers, names in lower case (repeated headers joined with `, `). */
  headers: Record<string, string>;
  /** The request body as text. */
  rawBody: string;
  /** The body parsed as JSON, or `undefined` when it is empty or not JSON. */
  body: unknown;
  /**
   * Resolves when the exchange is over: `completed` is false when the client closed the connection
   * before the server finished its response (an aborted request).
   */
  finished: Promise<{ completed: boolean }>;
  /** True once the client closed the connection before the response was complete. */
  readonly clientClosedEarly: boolean;
}
