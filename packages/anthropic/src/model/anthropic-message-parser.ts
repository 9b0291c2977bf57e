import { type ChatResponse, type ChatResponseBlock, createChatResponse } from "@agentscope-ts/core";
import {
  type Loose,
  type ParseSettings,
  redactedThinkingBlock,
  stopMetadata,
  usageOf,
} from "./anthropic-parse-common.js";

/**
 * AgentScope's `_parse_anthropic_completion_response`: a `Message` as a ChatResponse. Thinking
 * keeps its `signature`; redacted thinking is kept (see {@link redactedThinkingBlock}); `metadata`
 * holds the forced tool's input for structured output, else `stop_reason`.
 */
export function parseMessage(message: unknown, settings: ParseSettings): ChatResponse {
  const response = message as Loose;
  const blocks = Array.isArray(response.content) ? (response.content as Loose[]) : [];
  const content: ChatResponseBlock[] = [];
  let structured: Record<string, unknown> | undefined;
  for (const block of blocks) {
    switch (block.type) {
      case "thinking":
        content.push({
          type: "thinking",
          thinking: String(block.thinking ?? ""),
          signature: String(block.signature ?? ""),
        });
        break;
      case "redacted_thinking":
        content.push(redactedThinkingBlock(String(block.data ?? "")));
        break;
      case "text":
        content.push({ type: "text", text: String(block.text ?? "") });
        break;
      case "tool_use": {
        const input = (block.input ?? {}) as Record<string, unknown>;
        content.push({ type: "tool_use", id: String(block.id), name: String(block.name), input });
        if (settings.structured) structured = input;
        break;
      }
    }
  }
  const usage = response.usage as Loose | undefined;
  return createChatResponse({
    content,
    ...(typeof response.id === "string" && response.id ? { id: response.id } : {}),
    usage: usage ? usageOf(usage, settings.startTime) : undefined,
    metadata: settings.structured ? structured : stopMetadata(response),
  });
}
