import {
  type ChatModelCallOptions,
  type ToolChoice,
  type ToolFunctionSchema,
  ValidationError,
} from "@agentscope-ts/core";

/** A Messages API request body (snake_case, as sent on the wire). */
export type MessagesBody = Record<string, unknown> & {
  model: string;
  max_tokens: number;
  messages: Record<string, unknown>[];
};

/** One tool as the Messages API takes it. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/**
 * AgentScope's `_format_tools_json_schemas`: OpenAI-style function schemas (what
 * `Toolkit.getJsonSchemas()` gives) as Anthropic tools `{name, description, input_schema}`.
 */
export function formatTools(tools: readonly ToolFunctionSchema[]): AnthropicTool[] {
  return tools.map((tool) => {
    const fn = tool.function as { name: string; description?: string; parameters?: unknown };
    return {
      name: fn.name,
      description: fn.description ?? "",
      input_schema: (fn.parameters ?? {}) as Record<string, unknown>,
    };
  });
}

/**
 * AgentScope's `_format_tool_choice`: `"auto"` → `{type: "auto"}`, `"none"` → `{type: "none"}`,
 * `"required"` (and the deprecated `"any"`) → `{type: "any"}`, a tool name → `{type: "tool", name}`.
 */
export function formatToolChoice(toolChoice: ToolChoice | "any"): Record<string, unknown> {
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

/** Checks each message has `role` and `content` (the formatter's output), naming the bad index. */
function checkMessages(messages: readonly Record<string, unknown>[]): void {
  for (let i = 0; i < messages.length; i++) {
    const msg = messages[i];
    if (msg === null || typeof msg !== "object" || !("role" in msg) || !("content" in msg)) {
      throw new ValidationError(
        "messages",
        [{ path: `[${i}]`, message: "each message needs a 'role' and a 'content' key" }],
        { hint: "Pass the output of an Anthropic formatter: `await formatter.format(msgs)`." },
      );
    }
  }
}

/**
 * AgentScope's request assembly in `AnthropicChatModel.__call__` (without structured output):
 * `{model, max_tokens, stream, ...generateKwargs, ...callKwargs}`, then `thinking` (unless given),
 * `tools` as Anthropic tools, `tool_choice`, and a leading system message moved to `system`.
 */
export function buildMessagesRequest(
  messages: readonly Record<string, unknown>[],
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
