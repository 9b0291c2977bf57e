import type { AgentEvent } from "@agentscope-ts/core";

/** The service's own event types, besides the agent's (`reply_start`, `model_chunk`…). */
export type RunEventType =
  | "run_started"
  | "run_resumed"
  | "run_parked"
  | "run_finished"
  | "run_interrupted"
  | "run_failed";

/**
 * Turns an agent event into the JSON written to the log. Model chunks carry only their delta
 * (plus the whole message on the last chunk), so a stream costs O(delta) per chunk on the wire.
 */
export function eventPayload(event: AgentEvent): { type: string; data: Record<string, unknown> } {
  const base = { agentName: event.agentName, replyId: event.replyId };
  switch (event.type) {
    case "reply_start":
      return { type: event.type, data: base };
    case "model_chunk":
      return {
        type: event.type,
        data: {
          ...base,
          msgId: event.msgId,
          delta: event.delta,
          last: event.last,
          ...(event.last ? { msg: event.msg.toDict() } : {}),
        },
      };
    case "speech":
      return {
        type: event.type,
        data: { ...base, msgId: event.msgId, speech: event.speech, last: event.last },
      };
    case "tool_call":
      return { type: event.type, data: { ...base, msgId: event.msgId, toolUse: event.toolUse } };
    case "tool_result_chunk":
      return {
        type: event.type,
        data: { ...base, msgId: event.msgId, toolResult: event.toolResult, last: event.last },
      };
    case "reply":
      return {
        type: event.type,
        data: {
          ...base,
          msgId: event.msgId,
          msg: event.msg.toDict(),
          interrupted: event.interrupted,
        },
      };
    case "warning":
      return {
        type: event.type,
        data: { ...base, source: event.source, message: errorText(event.error) },
      };
    case "error":
      return { type: event.type, data: { ...base, message: errorText(event.error) } };
  }
}

/** A short, secret-free description of an error for clients: its class and message. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${redact(error.message)}`;
  return redact(String(error));
}

/** Masks things that look like credentials (bearer tokens, API keys, URL passwords). */
export function redact(text: string): string {
  return text
    .replace(/(Bearer\s+)[^\s"']+/gi, "$1***")
    .replace(/\b(sk|pk|rk)-[A-Za-z0-9_-]{8,}/g, "$1-***")
    .replace(/(\/\/)[^@/\s]*@/g, "$1***@");
}
