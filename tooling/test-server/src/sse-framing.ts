import type { StreamFormat } from "./replay-response.js";

/** The text of one chunk: strings are sent as they are, other values as JSON. */
function chunkText(chunk: unknown): string {
  return typeof chunk === "string" ? chunk : JSON.stringify(chunk);
}

/** The SSE event name of a chunk (Anthropic, OpenAI Responses): its `type` field. */
function eventName(chunk: unknown): string {
  const value = typeof chunk === "string" ? (JSON.parse(chunk) as unknown) : chunk;
  const type = (value as { type?: unknown } | null)?.type;
  if (typeof type !== "string") {
    throw new Error(
      `test-server: an Anthropic or OpenAI Responses stream chunk needs a string "type" (the SSE event name), got ${chunkText(chunk).slice(0, 80)}`,
    );
  }
  return type;
}

/** The HTTP status DashScope writes in an error event's `:HTTP_STATUS/…` comment, by `code`. */
function dashscopeErrorStatus(code: string): number {
  if (code.startsWith("Throttling")) return 429;
  if (code === "InvalidApiKey") return 401;
  if (code.startsWith("InvalidParameter") || code === "DataInspectionFailed") return 400;
  return 500;
}

/**
 * A DashScope native SSE event: `id:`, `event:`, a `:HTTP_STATUS/…` comment and `data:` lines
 * (no space after the colons, as DashScope writes them). A chunk with a non-empty `code` is an
 * `error` event, others are `result` events.
 */
function dashscopeEvent(chunk: unknown, index: number): string {
  const value = typeof chunk === "string" ? (JSON.parse(chunk) as unknown) : chunk;
  const code = (value as { code?: unknown } | null)?.code;
  const isError = typeof code === "string" && code !== "";
  const status = isError ? dashscopeErrorStatus(code) : 200;
  const event = isError ? "error" : "result";
  return `id:${index + 1}\nevent:${event}\n:HTTP_STATUS/${status}\ndata:${chunkText(chunk)}\n\n`;
}

/**
 * Frames one chunk as the provider's API writes it on the wire; `index` is the chunk's position in
 * the stream (DashScope numbers its events from 1).
 */
export function frameChunk(format: StreamFormat, chunk: unknown, index = 0): string {
  switch (format) {
    case "openai":
      return `data: ${chunkText(chunk)}\n\n`;
    case "anthropic":
    case "openai-responses":
      return `event: ${eventName(chunk)}\ndata: ${chunkText(chunk)}\n\n`;
    case "raw":
      return chunkText(chunk);
    case "gemini":
      return `data: ${chunkText(chunk)}\r\n\r\n`;
    case "ollama":
      return `${chunkText(chunk)}\n`;
    case "dashscope":
      return dashscopeEvent(chunk, index);
  }
}

/** What the provider writes after the last chunk (`data: [DONE]` for OpenAI-style streams). */
export function streamTrailer(format: StreamFormat): string {
  return format === "openai" ? "data: [DONE]\n\n" : "";
}

/** The content type of a provider's server-sent-event stream. */
export const STREAM_CONTENT_TYPE = "text/event-stream";

/** The content type of Ollama's newline-delimited JSON stream (`/api/chat`, `/api/generate`). */
export const NDJSON_CONTENT_TYPE = "application/x-ndjson";

/** The content type a stream of `format` is sent with. */
export function streamContentType(format: StreamFormat): string {
  return format === "ollama" ? NDJSON_CONTENT_TYPE : STREAM_CONTENT_TYPE;
}
