/**
 * The messages the llama.cpp formatters produce and `LlamaCppChatModel` consumes: a plain chat
 * history in the shape Ollama and OpenAI use (`role`, `content`, `tool_calls`, `tool` results).
 * Keys stay snake_case (wire data). The model turns them into node-llama-cpp's `ChatHistoryItem[]`
 * (`toChatHistory`): system and user messages become its `ChatSystemMessage` / `ChatUserMessage`,
 * an assistant turn and the tool results after it one `ChatModelResponse` whose
 * `ChatModelFunctionCall`s carry the results. node-llama-cpp's types are not the wire: they merge a
 * turn with its results, where the wire keeps the messages AgentScope's formatters write.
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
 * A formatter's message or a loose record of the same shape.
 * @deprecated `LlamaCppChatModel` now reads {@link LlamaCppMessage} (a record of another shape no
 * longer compiles; at run time a bad role or content is still a `ValidationError`).
 */
export type LlamaCppModelInput = LlamaCppMessage | Record<string, unknown>;
