import {
  type Provider,
  type ProviderChatModelOptionsOf,
  type ProviderClientOptions,
  providerClient,
  providerEntry,
} from "@agentscope-ts/core";
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

/**
 * Settings a {@link gemini} provider applies to every model it builds: `id` (default `"gemini"`),
 * `apiKey` (default: the SDK reads `GEMINI_API_KEY` / `GOOGLE_API_KEY`), `baseURL` (a proxy, or a
 * test server), `clientKwargs` (`vertexai`, `project`, `location`, `httpOptions`…).
 */
export type GeminiProviderOptions = ProviderClientOptions;

/** The options `registry.chatModel("gemini:…", options)` takes: the chat model's, but the client's. */
export type GeminiProviderModelOptions = ProviderChatModelOptionsOf<GeminiChatModelOptions>;

/** The options `registry.ttsModel("gemini:…", options)` takes: the TTS model's, but the client's. */
export type GeminiProviderTTSOptions = ProviderChatModelOptionsOf<GeminiTTSModelOptions>;

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
  options: ProviderClientOptions<Id> = {},
): GeminiProvider<Id> {
  const { id, client } = providerClient(options, "gemini" as Id);
  return providerEntry({
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
