/**
 * The messages the llama.cpp formatters produce and `LlamaCppChatModel` consumes: a plain chat
 * history in the shape Ollama and OpenAI use (`role`, `content`, `tool_calls`, `tool` results).
 * The model turns them into node-llama-cpp's `ChatHistoryItem[]`. Keys stay snake_case (wire data).
 */
export type LlamaCppMessage =
  | LlamaCppSystemMessage
  | LlamaCppUserMessage
  | LlamaCppAssistantMessage
  | LlamaCppToolMessage;

/** A system prompt. */
export interface LlamaCppSystemMessage {
  role: "system";
  content: string;
}

/** A user turn. */
export interface LlamaCppUserMessage {
  role: "user";
  content: string;
}

/** An assistant turn: text (or `null`) and the tool calls it made. */
export interface LlamaCppAssistantMessage {
  role: "assistant";
  content: string | null;
  tool_calls?: LlamaCppToolCall[];
}

/** One tool call of an assistant turn; `arguments` is the parsed input object. */
export interface LlamaCppToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: Record<string, unknown> };
}

/** The result of the tool call `tool_call_id`, as text. */
export interface LlamaCppToolMessage {
  role: "tool";
  tool_call_id: string;
  name: string;
  content: string;
}

/**
 * What `LlamaCppChatModel` reads: the formatter's messages, or loose records of the same shape
 * (checked at run time, a bad role or content is a `ValidationError`).
 */
export type LlamaCppModelInput = LlamaCppMessage | Record<string, unknown>;
