import type { ChatUsage, ThinkingBlock } from "@agentscope-ts/core";
import type { Message, MessageDeltaUsage, Usage } from "@anthropic-ai/sdk/resources/messages";

/**
 * The usage object of a response as received: the SDK's `Usage` (or a stream's
 * `MessageDeltaUsage`), though compatible servers add or drop fields, so it is kept as a record
 * and read defensively.
 */
export type WireUsage = Partial<Usage> | Partial<MessageDeltaUsage> | Record<string, unknown>;

/** The stop fields of a `Message` or of a stream's `message_delta`. */
export type StopFields = Partial<Pick<Message, "stop_reason" | "stop_sequence" | "stop_details">>;

/** How a response is read into a `ChatResponse`. */
export interface ParseSettings {
  /** The provider id, for errors. */
  provider: string;
  /** When the request started (`Date.now()`), for `usage.time`. */
  startTime: number;
  /** Repair tool arguments while streaming (AgentScope's `stream_tool_parsing`). */
  streamToolParsing: boolean;
  /** True when structured output is read from the forced tool's input into `metadata`. */
  structured: boolean;
}

/** A thinking block standing for a redacted one: empty text and the encrypted `redacted_data`. */
export interface RedactedThinkingBlock extends ThinkingBlock {
  /** The `data` of the API's `redacted_thinking` block, sent back unchanged. */
  redacted_data: string;
}

/**
 * A redacted thinking block (`redacted_thinking{data}`) as a ChatResponse block: a thinking block
 * with empty text whose encrypted `redacted_data` the formatter sends back as `redacted_thinking`.
 */
export function redactedThinkingBlock(data: string): RedactedThinkingBlock {
  return { type: "thinking", thinking: "", redacted_data: data };
}

/** `stop_reason` (and `stop_sequence`, `stop_details` when set) for `ChatResponse.metadata`. */
export function stopMetadata(source: StopFields): Record<string, unknown> | undefined {
  if (typeof source.stop_reason !== "string") return undefined;
  const out: Record<string, unknown> = { stop_reason: source.stop_reason };
  if (typeof source.stop_sequence === "string") out.stop_sequence = source.stop_sequence;
  if (source.stop_details != null) out.stop_details = source.stop_details;
  return out;
}

/** ChatUsage from the API's usage; `metadata` keeps it whole (cache read/write tokens…). */
export function usageOf(usage: WireUsage, startTime: number): ChatUsage {
  const fields: Record<string, unknown> = { ...usage };
  return {
    inputTokens: Number(fields.input_tokens ?? 0),
    outputTokens: Number(fields.output_tokens ?? 0),
    time: (Date.now() - startTime) / 1000,
    metadata: fields,
  };
}
