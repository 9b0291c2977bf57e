import {
  type ChatModelCallOptions,
  type ToolFunctionSchema,
  toParametersSchema,
} from "@agentscope-ts/core";
import type { ChatRequest } from "ollama/browser";
import type { OllamaMessage } from "../formatter/ollama-message.js";

/**
 * The body of an `/api/chat` request, as {@link buildChatRequest} builds it: the `ollama`
 * library's `ChatRequest` with the wire's messages ({@link OllamaMessage}) and tools (AgentScope
 * sends the OpenAI-format schemas as given, where the library's `Tool` type is narrower), plus the
 * `generateKwargs` fields, sent as given.
 */
export interface OllamaChatBody extends Omit<ChatRequest, "messages" | "stream" | "tools"> {
  messages: OllamaMessage[];
  stream: boolean;
  tools?: ToolFunctionSchema[];
  /** A `generateKwargs` field (`format`, `think`, `logprobs`…), sent as given. */
  [field: string]: unknown;
}

/** What the request is built from: the model's settings. */
export interface OllamaRequestSettings {
  modelName: string;
  streaming: boolean;
  options: ChatRequest["options"] | undefined;
  keepAlive: string | number;
  enableThinking: boolean | undefined;
  generateKwargs: Record<string, unknown>;
}

/**
 * AgentScope's `_call_api` body: `model`, `messages`, `stream`, `options`, `keep_alive`, the model's
 * then the call's `generateKwargs`, `think` (from `enableThinking`, unless the kwargs set it),
 * `tools` as given, and `format` (the JSON schema of `structuredModel`). `toolChoice` has no
 * counterpart in Ollama's API and is left out. Messages are copied one level deep because the
 * `ollama` library rewrites their `images` in place.
 */
export function buildChatRequest(
  messages: readonly OllamaMessage[],
  settings: OllamaRequestSettings,
  request: Pick<ChatModelCallOptions, "tools" | "structuredModel"> & {
    generateKwargs?: Record<string, unknown>;
  },
): OllamaChatBody {
  const body: OllamaChatBody = {
    model: settings.modelName,
    messages: messages.map((message) => ({ ...message })),
    stream: settings.streaming,
    ...(settings.options !== undefined ? { options: settings.options } : {}),
    keep_alive: settings.keepAlive,
    ...settings.generateKwargs,
    ...request.generateKwargs,
  };
  if (settings.enableThinking !== undefined && !("think" in body)) {
    body.think = settings.enableThinking;
  }
  if (request.tools && request.tools.length > 0) body.tools = [...request.tools];
  if (request.structuredModel) {
    body.format = toParametersSchema(request.structuredModel, "structuredModel", "structuredModel");
  }
  return body;
}

/**
 * The typed adapter from AgentScope's wire body to the `ollama` library: the same object, which
 * the library serialises as it is (after inlining `images`). Its types are narrower than the wire
 * in three places, all kept on purpose for AgentScope's exact requests (see {@link OllamaMessage}):
 * `content` may be `null`, tool calls and tool results carry AgentScope's extra ids and names, and
 * `tools` are OpenAI-format schemas.
 */
export function toSdkChatRequest(body: OllamaChatBody): ChatRequest {
  return body as ChatRequest;
}
