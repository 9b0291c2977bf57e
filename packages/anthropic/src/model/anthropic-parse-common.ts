import type { ChatResponseBlock, ChatUsage } from "@agentscope-ts/core";

/** Loosely typed Messages API objects: compatible servers add or drop fields the SDK types have. */
export type Loose = Record<string, unknown>;

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

/**
 * A redacted thinking block (`redacted_thinking{data}`) as a ChatResponse block: a thinking block
 * with empty text whose encrypted `redacted_data` the formatter sends back as `redacted_thinking`.
 */
export function redactedThinkingBlock(data: string): ChatResponseBlock {
  return { type: "thinking", thinking: "", redacted_data: data } as ChatResponseBlock;
}

/** `stop_reason` (and `stop_sequence`, `stop_details` when set) for `ChatResponse.metadata`. */
export function stopMetadata(source: Loose): Record<string, unknown> | undefined {
  if (typeof source.stop_reason !== "string") return undefined;
  const out: Record<string, unknown> = { stop_reason: source.stop_reason };
  if (typeof source.stop_sequence === "string") out.stop_sequence = source.stop_sequence;
  if (source.stop_details != null) out.stop_details = source.stop_details;
  return out;
}

/** ChatUsage from the API's usage; `metadata` keeps it whole (cache read/write tokens…). */
export function usageOf(usage: Loose, startTime: number): ChatUsage {
  return {
    inputTokens: Number(usage.input_tokens ?? 0),
    outputTokens: Number(usage.output_tokens ?? 0),
    time: (Date.now() - startTime) / 1000,
    metadata: usage,
  };
}
