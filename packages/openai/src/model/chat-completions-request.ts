import { type ChatModelCallOptions, TOOL_CHOICE_MODES, type ToolChoice } from "@agentscope-ts/core";
import type {
  ChatCompletionContentPartInputAudio,
  ChatCompletionCreateParamsBase,
  ChatCompletionToolChoiceOption,
} from "openai/resources/chat/completions";
import type { OpenAIChatMessage } from "../formatter/openai-chat-message.js";
import { kwargsFields } from "./generate-kwargs.js";

/**
 * A Chat Completions request body (snake_case, as sent on the wire): the SDK's
 * `ChatCompletionCreateParamsBase` with the formatters' {@link OpenAIChatMessage}s, and
 * `reasoning_effort` as any string (`reasoningEffort` also takes a compatible server's own levels).
 */
export type ChatCompletionBody = Omit<
  ChatCompletionCreateParamsBase,
  "messages" | "reasoning_effort"
> & {
  messages: OpenAIChatMessage[];
  reasoning_effort?: string | null;
};

/**
 * The one place a {@link ChatCompletionBody} becomes the SDK's parameter type. The body differs
 * from `ChatCompletionCreateParamsBase` only where AgentScope v1.0.21 sends more than the SDK types
 * allow (the widened messages of `openai-chat-message.ts`, `reasoning_effort` levels of compatible
 * servers); the SDK sends the object as JSON as it is, so the wire is what the formatters built.
 */
export function toChatCompletionParams(body: ChatCompletionBody): ChatCompletionCreateParamsBase {
  return body as ChatCompletionCreateParamsBase;
}

/**
 * AgentScope's `_format_tool_choice`: the modes pass through; a tool name becomes
 * `{type: "function", function: {name}}`.
 */
export function formatToolChoice(toolChoice: ToolChoice): ChatCompletionToolChoiceOption {
  if (isToolChoiceMode(toolChoice)) return toolChoice;
  return { type: "function", function: { name: toolChoice } };
}

/** Whether `toolChoice` is one of core's modes (`"auto"`, `"none"`, `"required"`), not a tool name. */
export function isToolChoiceMode(
  toolChoice: ToolChoice,
): toolChoice is (typeof TOOL_CHOICE_MODES)[number] {
  return TOOL_CHOICE_MODES.some((mode) => mode === toolChoice);
}

/**
 * AgentScope's `_format_audio_data_for_qwen_omni`: Qwen-Omni's compatible API wants base64 input
 * audio prefixed with `data:;base64,`. Returns a copy; the caller's messages are not changed.
 */
export function formatAudioForQwenOmni(
  messages: readonly OpenAIChatMessage[],
): OpenAIChatMessage[] {
  return messages.map((msg) => {
    if (!Array.isArray(msg.content) || !msg.content.some(isBase64Audio)) return msg;
    const copy = structuredClone(msg);
    for (const part of Array.isArray(copy.content) ? copy.content : []) {
      if (isBase64Audio(part)) part.input_audio.data = `data:;base64,${part.input_audio.data}`;
    }
    return copy;
  });
}

/** An `input_audio` part whose data is base64, not a URL (what Qwen-Omni wants prefixed). */
function isBase64Audio(part: object): part is ChatCompletionContentPartInputAudio {
  if (!("input_audio" in part)) return false;
  const audio: unknown = part.input_audio;
  if (audio === null || typeof audio !== "object" || !("data" in audio)) return false;
  return typeof audio.data === "string" && !audio.data.startsWith("http");
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
  messages: readonly OpenAIChatMessage[],
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
    ...kwargsFields<ChatCompletionBody>(settings.generateKwargs),
    ...kwargsFields<ChatCompletionBody>(options.generateKwargs),
  };
  if (settings.reasoningEffort && !("reasoning_effort" in body)) {
    body.reasoning_effort = settings.reasoningEffort;
  }
  if (options.tools && options.tools.length > 0) body.tools = [...options.tools];
  if (options.toolChoice) body.tool_choice = formatToolChoice(options.toolChoice);
  if (settings.streaming) body.stream_options = { include_usage: true };
  return body;
}
