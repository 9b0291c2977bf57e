import { type ChatModelCallOptions, toParametersSchema } from "@agentscope-ts/core";

/** The body of an `/api/chat` request, as {@link buildChatRequest} builds it. */
export type OllamaChatBody = Record<string, unknown> & {
  model: string;
  messages: Record<string, unknown>[];
  stream: boolean;
};

/** What the request is built from: the model's settings. */
export interface OllamaRequestSettings {
  modelName: string;
  streaming: boolean;
  options: Record<string, unknown> | undefined;
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
  messages: readonly Record<string, unknown>[],
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
