import { definedFields, type Provider, providerEntry } from "@agentscope-ts/core";
import {
  GeminiTextEmbedding,
  type GeminiTextEmbeddingOptions,
} from "../embedding/gemini-text-embedding.js";
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

/** The options `registry.ttsModel("gemini:…", options)` takes: the TTS model's, but the client's. */
export type GeminiProviderTTSOptions = Omit<
  GeminiTTSModelOptions,
  "modelName" | "provider" | "client"
>;

/** The options `registry.embedding("gemini:…", options)` takes: the embedding model's but its name. */
export type GeminiProviderEmbeddingOptions = Omit<GeminiTextEmbeddingOptions, "modelName">;

/**
 * The type of the {@link gemini} provider: its model options, messages, token counter and the
 * options of its TTS and embedding models.
 */
export type GeminiProvider<Id extends string = "gemini"> = Provider<
  GeminiProviderModelOptions,
  GeminiContent,
  GeminiTokenCounter,
  Id,
  GeminiProviderTTSOptions,
  GeminiProviderEmbeddingOptions
>;

/**
 * The Gemini provider for core's registry: `registry.register(gemini())`, then
 * `registry.chatModel("gemini:gemini-2.5-flash")`. Builds {@link GeminiChatModel}, the Gemini
 * formatters, {@link GeminiTokenCounter}, {@link GeminiTextEmbedding} and {@link GeminiTTSModel}
 * (`registry.ttsModel("gemini:gemini-2.5-flash-preview-tts", { voice: "Kore" })`). Model options given to
 * `chatModel()` (`stream`, `thinking`, `generateKwargs`…) win over the provider's.
 */
export function gemini<const Id extends string = "gemini">(
  options: Omit<GeminiProviderOptions, "id"> & { id?: Id } = {},
): GeminiProvider<Id> {
  const id = (options.id ?? "gemini") as Id;
  const { apiKey, baseURL, clientKwargs } = options;
  const client = definedFields({ apiKey, baseURL, clientKwargs });
  return providerEntry<
    GeminiProviderModelOptions,
    GeminiContent,
    GeminiTokenCounter,
    Id,
    GeminiProviderTTSOptions,
    GeminiProviderEmbeddingOptions
  >({
    id,
    chatModel: (modelOptions) => new GeminiChatModel({ ...client, provider: id, ...modelOptions }),
    formatters: { chat: GeminiChatFormatter, multiagent: GeminiMultiAgentFormatter },
    tokenCounter: ({ modelName }) => new GeminiTokenCounter({ ...client, modelName }),
    embedding: (modelOptions) =>
      new GeminiTextEmbedding({
        ...client,
        ...modelOptions,
      }),
    ttsModel: (modelOptions) =>
      new GeminiTTSModel({
        ...client,
        provider: id,
        ...modelOptions,
      }),
  });
}
