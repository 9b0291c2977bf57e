import type { ChatModelCallOptions, ToolChoice } from "@agentscope-ts/core";

/** A Chat Completions request body (snake_case, as sent on the wire). */
export type ChatCompletionBody = Record<string, unknown> & {
  model: string;
  messages: Record<string, unknown>[];
};

/**
 * AgentScope's `_format_tool_choice`: the modes pass through; a tool name becomes
 * `{type: "function", function: {name}}`.
 */
export function formatToolChoice(toolChoice: ToolChoice): string | Record<string, unknown> {
  if (toolChoice === "auto" || toolChoice === "none" || toolChoice === "required") {
    return toolChoice;
  }
  return { type: "function", function: { name: toolChoice } };
}

/**
 * AgentScope's `_format_audio_data_for_qwen_omni`: Qwen-Omni's compatible API wants base64 input
 * audio prefixed with `data:;base64,`. Returns a copy; the caller's messages are not changed.
 */
export function formatAudioForQwenOmni(
  messages: readonly Record<string, unknown>[],
): Record<string, unknown>[] {
  return messages.map((msg) => {
    if (!Array.isArray(msg.content)) return msg;
    let changed = false;
    const content = msg.content.map((block: unknown) => {
      const audio = (block as { input_audio?: { data?: unknown } } | null)?.input_audio;
      if (audio && typeof audio.data === "string" && !audio.data.startsWith("http")) {
        changed = true;
        return {
          ...(block as object),
          input_audio: { ...audio, data: `data:;base64,${audio.data}` },
        };
      }
      return block;
    });
    return changed ? { ...msg, content } : msg;
  });
}

/** What {@link buildChatRequest} needs from the model. */
export interface ChatRequestSettings {
  modelName: string;
  streaming: boolean;
  reasoningEffort: string | undefined;
  generateKwargs: Record<string, unknown>;
}

/**
 * AgentScope's request assembly in `OpenAIChatModel.__call__` (without structured output):
 * `{model, messages, stream, ...generateKwargs, ...callKwargs}`, then `reasoning_effort` (unless
 * given), `tools` (when non-empty), `tool_choice`, and `stream_options: {include_usage: true}` for
 * streams.
 */
export function buildChatRequest(
  messages: readonly Record<string, unknown>[],
  settings: ChatRequestSettings,
  options: Pick<ChatModelCallOptions, "tools" | "toolChoice"> & {
    generateKwargs?: Record<string, unknown>;
  },
): ChatCompletionBody {
  const sent = settings.modelName.toLowerCase().includes("omni")
    ? formatAudioForQwenOmni(messages)
    : [...messages];
  const body: ChatCompletionBody = {
    model: settings.modelName,
    messages: sent,
    stream: settings.streaming,
    ...settings.generateKwargs,
    ...options.generateKwargs,
  };
  if (settings.reasoningEffort && !("reasoning_effort" in body)) {
    body.reasoning_effort = settings.reasoningEffort;
  }
  if (options.tools && options.tools.length > 0) body.tools = [...options.tools];
  if (options.toolChoice) body.tool_choice = formatToolChoice(options.toolChoice);
  if (settings.streaming) body.stream_options = { include_usage: true };
  return body;
}
