import type { Message, ToolCall } from "ollama/browser";

/**
 * One tool call of an assistant message as AgentScope sends it: the `ollama` library's `ToolCall`
 * plus the wire's `id` and `type: "function"` (Ollama ignores both; AgentScope writes them).
 */
export type OllamaToolCall = ToolCall & { id: string; type: "function" };

/**
 * One message of an Ollama `/api/chat` request as the formatters build it and `OllamaChatModel`
 * reads it: the `ollama` library's `Message`, with the wire's extras over it (AgentScope v1.0.21's
 * exact output): `content` may be `null` (a message with only tool calls or images), tool calls
 * carry `id` and `type` ({@link OllamaToolCall}), and a tool result carries `tool_call_id` and
 * `name` (the library's own field for the tool's name is `tool_name`, which AgentScope does not
 * send). `toSdkChatRequest` is the one place these reach the library.
 */
export interface OllamaMessage extends Omit<Message, "content" | "tool_calls"> {
  content: string | null;
  tool_calls?: OllamaToolCall[];
  /** The id of the tool call a `role: "tool"` message answers. */
  tool_call_id?: string;
  /** The name of the tool a `role: "tool"` message answers. */
  name?: string;
}
