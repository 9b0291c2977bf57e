import type { MsgRole } from "@agentscope-ts/core";
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionContentPartRefusal,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
  ChatCompletionSystemMessageParam,
  ChatCompletionToolMessageParam,
  ChatCompletionUserMessageParam,
} from "openai/resources/chat/completions";

// The Chat Completions messages the OpenAI and DeepSeek formatters build: the SDK's own
// `ChatCompletionMessageParam`, plus the fields AgentScope v1.0.21 puts on the wire where the SDK
// types are narrower. Each widening below names the v1.0.21 behaviour it keeps; the model hands the
// messages to the SDK through one adapter (`toChatCompletionParams`).

/**
 * The fields v1.0.21 writes on a user or system message where the SDK types are narrower. Its
 * formatters format every `Msg` alike whatever its role, so a user or system `Msg` holding images
 * or audio gets those parts (SDK system messages take text parts only), one holding `tool_use`
 * blocks gets `tool_calls` and `content: null` when it has nothing else (SDK: assistant only), and
 * one holding thinking blocks gets DeepSeek's `reasoning_content`.
 */
interface AgentScopeRoleFields {
  content: string | ChatCompletionContentPart[] | null;
  tool_calls?: ChatCompletionMessageFunctionToolCall[];
  reasoning_content?: string;
}

/** A user message: the SDK's, widened as {@link AgentScopeRoleFields} says. */
export type OpenAIUserMessage = Omit<ChatCompletionUserMessageParam, "content"> &
  AgentScopeRoleFields;

/** A system message: the SDK's, widened as {@link AgentScopeRoleFields} says (media parts). */
export type OpenAISystemMessage = Omit<ChatCompletionSystemMessageParam, "content"> &
  AgentScopeRoleFields;

/**
 * An assistant message: the SDK's, plus what v1.0.21 sends back: the image parts an assistant
 * `Msg` holds (OpenAIChatFormatter keeps them and drops its audio; the SDK takes text and refusal
 * parts only, so the content takes any SDK content part) and DeepSeek's `reasoning_content`
 * (DeepSeekChatFormatter sends thinking blocks back in it).
 */
export type OpenAIAssistantMessage = Omit<ChatCompletionAssistantMessageParam, "content"> & {
  content?: string | (ChatCompletionContentPart | ChatCompletionContentPartRefusal)[] | null;
  reasoning_content?: string;
};

/**
 * A tool-result message: the SDK's plus the tool's `name`, which v1.0.21's OpenAIChatFormatter
 * and DeepSeekChatFormatter send with every tool result (the SDK type has no `name`).
 */
export type OpenAIToolMessage = ChatCompletionToolMessageParam & { name?: string };

/**
 * One message of a Chat Completions request as the OpenAI and DeepSeek formatters build it and
 * `OpenAIChatModel` reads it: any SDK `ChatCompletionMessageParam`, or one of the widened forms
 * AgentScope v1.0.21 sends ({@link OpenAIUserMessage}, {@link OpenAISystemMessage},
 * {@link OpenAIAssistantMessage}, {@link OpenAIToolMessage}).
 */
export type OpenAIChatMessage =
  | ChatCompletionMessageParam
  | OpenAIUserMessage
  | OpenAISystemMessage
  | OpenAIAssistantMessage
  | OpenAIToolMessage;

/** A function tool call as the formatters write it (`{id, type: "function", function}`). */
export type OpenAIToolCall = ChatCompletionMessageFunctionToolCall;

/**
 * The message of a `Msg` of role `role` as v1.0.21 formats it whatever the role: `{role,
 * ...fields}` (fields in their given order), typed by its role.
 */
export function roleMessage(
  role: MsgRole,
  fields: AgentScopeRoleFields & { name?: string },
): OpenAIUserMessage | OpenAISystemMessage | OpenAIAssistantMessage {
  switch (role) {
    case "user":
      return { role, ...fields };
    case "system":
      return { role, ...fields };
    case "assistant":
      return { role, ...fields };
  }
}

/** @deprecated The earlier name of {@link OpenAIChatMessage}. */
export type OpenAIMessage = OpenAIChatMessage;
