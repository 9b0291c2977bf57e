import {
  type ChatResponse,
  type ChatResponseBlock,
  createChatResponse,
  ModelError,
} from "@agentscope-ts/core";
import type { Message } from "@anthropic-ai/sdk/resources/messages";
import {
  type ParseSettings,
  redactedThinkingBlock,
  stopMetadata,
  usageOf,
} from "./messages-response-fields.js";

/** A tool call's `input` as an object: the API sends one; anything else counts as no arguments. */
function inputObject(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === "object" && !Array.isArray(input) ? { ...input } : {};
}

/**
 * AgentScope's `_parse_anthropic_completion_response`: a `Message` as a ChatResponse. Thinking
 * keeps its `signature`; redacted thinking is kept (see {@link redactedThinkingBlock}); `metadata`
 * holds the forced tool's input for structured output, else `stop_reason`. Compatible servers may
 * leave fields out, so each is read defensively; a body that is not a JSON object is a
 * `ModelError` naming the endpoint.
 */
export function parseMessage(body: unknown, settings: ParseSettings): ChatResponse {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new ModelError(
      `${settings.provider}: the Messages response is not a JSON object; check that \`baseURL\` points at a Messages endpoint.`,
      { provider: settings.provider, retryable: false },
    );
  }
  const message = body as Message;
  const blocks = Array.isArray(message.content) ? message.content : [];
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
        const input = inputObject(block.input ?? {});
        content.push({ type: "tool_use", id: String(block.id), name: String(block.name), input });
        if (settings.structured) structured = input;
        break;
      }
    }
  }
  const usage = message.usage;
  return createChatResponse({
    content,
    ...(typeof message.id === "string" && message.id ? { id: message.id } : {}),
    usage: usage ? usageOf(usage, settings.startTime) : undefined,
    metadata: settings.structured ? structured : stopMetadata(message),
  });
}
