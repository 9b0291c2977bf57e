import { readServerSentEvents } from "@agentscope-ts/core";
import { dashScopeErrorFrom } from "./dashscope-error.js";

/** A request to DashScope's native HTTP API. */
export interface DashScopeHttpRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal;
  fetch: typeof globalThis.fetch;
  provider: string;
}

/** One event of a DashScope stream: its parsed `data`, `event` name and `:HTTP_STATUS/…` status. */
export interface DashScopeStreamEvent {
  event: string;
  status: number | undefined;
  data: Record<string, unknown>;
}

/** The most characters one SSE event may take before the stream is refused (a bounded buffer). */
export const MAX_EVENT_CHARS = 16 * 1024 * 1024;

async function send(request: DashScopeHttpRequest): Promise<Response> {
  const response = await request.fetch(request.url, {
    method: "POST",
    headers: request.headers,
    body: JSON.stringify(request.body),
    signal: request.signal,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw dashScopeErrorFrom(response.status, text, response.headers, request.provider);
  }
  return response;
}

/** POSTs a JSON request and returns the parsed JSON answer; failures become `DashScopeError`s. */
export async function postJson(request: DashScopeHttpRequest): Promise<Record<string, unknown>> {
  const response = await send(request);
  const text = await response.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw dashScopeErrorFrom(response.status, text, response.headers, request.provider);
  }
}

/**
 * POSTs a streaming request (`X-DashScope-SSE: enable`) and yields its events as they arrive,
 * parsed by `eventsource-parser` with a bounded buffer. An `event:error` (or a data body with an
 * error `code`) is thrown as a `DashScopeError` carrying the event's HTTP status.
 */
export async function* postStream(
  request: DashScopeHttpRequest,
): AsyncGenerator<DashScopeStreamEvent, void, undefined> {
  const response = await send(request);
  if (!response.body) return;
  let status: number | undefined;
  const events = readServerSentEvents(response.body, {
    maxEventChars: MAX_EVENT_CHARS,
    onComment: (comment) => {
      const match = /^\s*HTTP_STATUS\/(\d+)/.exec(comment);
      if (match) status = Number(match[1]);
    },
  });
  try {
    for (;;) {
      const { done, value } = await events.next();
      if (done) return;
      const message = value;
      let data: Record<string, unknown>;
      try {
        data = JSON.parse(message.data) as Record<string, unknown>;
      } catch {
        throw dashScopeErrorFrom(status, message.data, undefined, request.provider);
      }
      const code = data.code;
      if (message.event === "error" || (typeof code === "string" && code !== "")) {
        throw dashScopeErrorFrom(status, message.data, undefined, request.provider);
      }
      yield { event: message.event ?? "result", status, data };
      status = undefined;
    }
  } finally {
    await events.return(undefined).catch(() => {});
  }
}
