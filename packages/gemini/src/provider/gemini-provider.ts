import type { FormatterKind, Provider } from "@agentscope-ts/core";
import { GeminiTextEmbedding } from "../embedding/gemini-text-embedding.js";
import { GeminiChatFormatter } from "../formatter/gemini-chat-formatter.js";
import type { GeminiContent } from "../formatter/gemini-content.js";
import { GeminiMultiAgentFormatter } from "../formatter/gemini-multi-agent-formatter.js";
import { GeminiChatModel, type GeminiChatModelOptions } from "../model/gemini-chat-model.js";
import { GeminiTokenCounter } from "../token/gemini-token-counter.js";
import { GeminiTTSModel, type GeminiTTSModelOptions } from "../tts/gemini-tts-model.js";

/** Settings a {@link gemini} provider applies to every model it builds. */
export interface GeminiProviderOptions {
  /** The provider id in model strings (`"<id>:<model>"`). Default `"gemini"`. */
  id?: string;
  /** The API key (default: the SDK reads `GEMINI_API_KEY` / `GOOGLE_API_KEY`). */
  apiKey?: string;
  /** The API base URL (a proxy, or a test server). */
  baseURL?: string;
  /** More options of the SDK client (`vertexai`, `project`, `location`, `httpOptions`…). */
  clientKwargs?: Record<string, unknown>;
}

/** The options `registry.chatModel("gemini:…", options)` takes: the chat model's, but the client's. */
export type GeminiProviderModelOptions = Omit<
  GeminiChatModelOptions,
  "modelName" | "provider" | "client"
>;

/** The type of the {@link gemini} provider: its model options, messages and token counter. */
export type GeminiProvider<Id extends string = "gemini"> = Provider<
  GeminiProviderModelOptions,
  GeminiContent,
  GeminiTokenCounter,
  Id
>;

/**
 * The Gemini provider for core's registry: `registry.register(gemini())`, then
 * `registry.chatModel("gemini:gemini-2.5-flash")`. Builds {@link GeminiChatModel}, the Gemini
 * formatters, {@link GeminiTokenCounter}, {@link GeminiTextEmbedding} and {@link GeminiTTSModel}
 * (`registry.ttsModel("gemini:gemini-2.5-flash-preview-tts", { voice: "Kore" })`). Model options given to
 * `chatModel()` (`stream`, `thinkingConfig`, `generateKwargs`…) win over the provider's.
 */
export function gemini<const Id extends string = "gemini">(
  options: Omit<GeminiProviderOptions, "id"> & { id?: Id } = {},
): GeminiProvider<Id> {
  const id = (options.id ?? "gemini") as Id;
  const client = {
    ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
    ...(options.baseURL !== undefined ? { baseURL: options.baseURL } : {}),
    ...(options.clientKwargs !== undefined ? { clientKwargs: options.clientKwargs } : {}),
  };
  return {
    id,
    chatModel: (modelOptions) => new GeminiChatModel({ ...client, provider: id, ...modelOptions }),
    formatter: (kind: FormatterKind, formatterOptions?: Record<string, unknown>) =>
      kind === "multiagent"
        ? new GeminiMultiAgentFormatter(formatterOptions)
        : new GeminiChatFormatter(formatterOptions),
    tokenCounter: (modelOptions) =>
      new GeminiTokenCounter({ ...client, modelName: modelOptions.modelName }),
    embedding: (modelOptions) =>
      new GeminiTextEmbedding({
        ...client,
        ...modelOptions,
      }),
    ttsModel: (modelOptions) =>
      new GeminiTTSModel({
        ...client,
        provider: id,
        ...(modelOptions as unknown as GeminiTTSModelOptions),
      }),
  };
}
