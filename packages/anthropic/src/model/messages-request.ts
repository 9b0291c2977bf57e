import {
  type ChatModelCallOptions,
  checkRequestMessages,
  type ToolChoice,
  type ToolFunctionSchema,
} from "@agentscope-ts/core";
import type {
  MessageCountTokensParams,
  MessageCreateParamsBase,
  ToolChoice as SdkToolChoice,
  ThinkingConfigParam,
  Tool,
} from "@anthropic-ai/sdk/resources/messages";
import type { AnthropicMessage } from "../formatter/anthropic-message.js";

/**
 * One tool as AgentScope sends it: `{name, description, input_schema}`. Wider than the SDK's
 * `Tool`, whose `input_schema` must say `type: "object"`: AgentScope sends a function's
 * `parameters` as they are (`{}` when absent).
 */
export interface AnthropicTool extends Omit<Tool, "input_schema" | "description"> {
  description: string;
  input_schema: Record<string, unknown>;
}

/**
 * A Messages API request body as AgentScope sends it (snake_case, as on the wire): the SDK's
 * `MessageCreateParams`, widened where AgentScope's wire is wider: the formatters' messages (see
 * {@link AnthropicMessage}), a leading system message's content as `system`, tools as
 * {@link AnthropicTool}, `thinking` as the caller gives it (compatible servers take other
 * shapes), and the model's and call's `generateKwargs` passed through as given (they may hold
 * fields the SDK's types do not list, such as `temperature`). It reaches the SDK only through
 * `toMessageCreateParams` (messages-sdk-params.ts).
 */
export interface MessagesBody
  extends Omit<
    MessageCreateParamsBase,
    "messages" | "system" | "tools" | "tool_choice" | "thinking" | "stream"
  > {
  stream: boolean;
  messages: AnthropicMessage[];
  system?: AnthropicMessage["content"];
  tools?: AnthropicTool[];
  tool_choice?: SdkToolChoice;
  thinking?: ThinkingConfigParam | Record<string, unknown>;
  /** A `generateKwargs` field. */
  [field: string]: unknown;
}

/**
 * The body of `messages.countTokens` as `AnthropicTokenCounter` builds it: the SDK's
 * `MessageCountTokensParams` widened as {@link MessagesBody} is, its tools Anthropic tools
 * (converted from function schemas) or any other tool the caller gives, passed on as it is.
 */
export interface CountTokensBody
  extends Omit<MessageCountTokensParams, "messages" | "system" | "tools" | "thinking"> {
  messages: AnthropicMessage[];
  system?: AnthropicMessage["content"];
  tools?: unknown[];
  thinking?: MessagesBody["thinking"];
  /** A field of the counter's `extra` argument. */
  [field: string]: unknown;
}

/**
 * AgentScope's `_format_tools_json_schemas`: OpenAI-style function schemas (what
 * `Toolkit.getJsonSchemas()` gives) as Anthropic tools `{name, description, input_schema}`.
 */
export function formatTools(tools: readonly ToolFunctionSchema[]): AnthropicTool[] {
  return tools.map(({ function: fn }) => ({
    name: fn.name,
    description: fn.description ?? "",
    input_schema: fn.parameters ?? {},
  }));
}

/**
 * AgentScope's `_format_tool_choice`: `"auto"` → `{type: "auto"}`, `"none"` → `{type: "none"}`,
 * `"required"` (and the deprecated `"any"`) → `{type: "any"}`, a tool name → `{type: "tool", name}`.
 */
export function formatToolChoice(toolChoice: ToolChoice | "any"): SdkToolChoice {
  switch (toolChoice) {
    case "auto":
      return { type: "auto" };
    case "none":
      return { type: "none" };
    case "required":
    case "any":
      return { type: "any" };
    default:
      return { type: "tool", name: toolChoice };
  }
}

/** What {@link buildMessagesRequest} needs from the model. */
export interface MessagesRequestSettings {
  modelName: string;
  maxTokens: number;
  streaming: boolean;
  thinking: Record<string, unknown> | undefined;
  generateKwargs: Record<string, unknown>;
}

/**
 * Checks each message has `role` and `content` (the formatter's output), naming the bad index:
 * the type says so, but messages often come from JSON or untyped code.
 */
function checkMessages(messages: readonly AnthropicMessage[]): void {
  checkRequestMessages(messages, {
    has: ["role", "content"],
    formatter: "an Anthropic formatter",
  });
}

/**
 * AgentScope's request assembly in `AnthropicChatModel.__call__` (without structured output):
 * `{model, max_tokens, stream, ...generateKwargs, ...callKwargs}`, then `thinking` (unless given),
 * `tools` as Anthropic tools, `tool_choice`, and a leading system message moved to `system`.
 */
export function buildMessagesRequest(
  messages: readonly AnthropicMessage[],
  settings: MessagesRequestSettings,
  options: Pick<ChatModelCallOptions, "tools" | "toolChoice"> & {
    generateKwargs?: Record<string, unknown>;
  },
): MessagesBody {
  checkMessages(messages);
  const body: MessagesBody = {
    model: settings.modelName,
    max_tokens: settings.maxTokens,
    stream: settings.streaming,
    ...settings.generateKwargs,
    ...options.generateKwargs,
    messages: [],
  };
  if (settings.thinking && !("thinking" in body)) body.thinking = settings.thinking;
  if (options.tools && options.tools.length > 0) body.tools = formatTools(options.tools);
  if (options.toolChoice) body.tool_choice = formatToolChoice(options.toolChoice);
  let rest = messages;
  if (messages[0]?.role === "system") {
    body.system = messages[0].content;
    rest = messages.slice(1);
  }
  body.messages = [...rest];
  return body;
}
