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

/** Frames one chunk as the provider's API writes it on the wire. */
export function frameChunk(format: StreamFormat, chunk: unknown): string {
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
  }
}

/** What the provider writes after the last chunk (`data: [DONE]` for OpenAI-style streams). */
export function streamTrailer(format: StreamFormat): string {
  return format === "openai" ? "data: [DONE]\n\n" : "";
}

/** The content type of a provider's stream. */
export const STREAM_CONTENT_TYPE = "text/event-stream";
