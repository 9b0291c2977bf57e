import {
  definedFields,
  type Provider,
  type ProviderChatModelOptionsOf,
  type ProviderOptionsWithId,
  providerEntry,
  renamedOption,
} from "@agentscope-ts/core";
import {
  DashScopeMultiModalEmbedding,
  type DashScopeMultiModalEmbeddingOptions,
} from "../embedding/dashscope-multimodal-embedding.js";
import {
  DashScopeTextEmbedding,
  type DashScopeTextEmbeddingOptions,
} from "../embedding/dashscope-text-embedding.js";
import {
  DashScopeChatFormatter,
  type DashScopeMessage,
} from "../formatter/dashscope-chat-formatter.js";
import { DashScopeMultiAgentFormatter } from "../formatter/dashscope-multi-agent-formatter.js";
import {
  DashScopeChatModel,
  type DashScopeChatModelOptions,
} from "../model/dashscope-chat-model.js";
import {
  type DashScopeTTSFactoryOptions,
  dashScopeTTSModel,
} from "../tts/dashscope-tts-factory.js";
import type { DashScopeBaseURLOptions } from "../utils/base-url.js";

/** Settings a {@link dashscope} provider applies to every model it builds. */
export interface DashScopeProviderOptions extends DashScopeBaseURLOptions {
  /** The provider id in model strings (`"<id>:<model>"`). Default `"dashscope"`. */
  id?: string;
  /** The API key (default: `DASHSCOPE_API_KEY`, read when a model is built). */
  apiKey?: string;
  /** The `fetch` used for requests. */
  fetch?: typeof globalThis.fetch;
}

/** True for DashScope's multimodal embedding models (`multimodal-embedding-v*`, `tongyi-embedding-vision-*`). */
function isMultimodalEmbedding(modelName: string): boolean {
  return (
    modelName.startsWith("multimodal-embedding") || modelName.startsWith("tongyi-embedding-vision")
  );
}

/** The options `registry.chatModel("dashscope:…", options)` takes: the chat model's, but the client's. */
export type DashScopeProviderModelOptions = ProviderChatModelOptionsOf<DashScopeChatModelOptions>;

/**
 * The options `registry.ttsModel("dashscope:…", options)` takes: those of every DashScope TTS
 * model (the model name picks one, see `dashScopeTTSModel`), plus `streamingInput`.
 */
export type DashScopeProviderTTSOptions = Omit<
  DashScopeTTSFactoryOptions,
  "modelName" | "provider"
>;

/**
 * The options `registry.embedding("dashscope:…", options)` takes: those of the text and the
 * multimodal embedding models (the model name picks one).
 */
export type DashScopeProviderEmbeddingOptions = Omit<
  DashScopeTextEmbeddingOptions & DashScopeMultiModalEmbeddingOptions,
  "modelName"
>;

/**
 * The type of the {@link dashscope} provider: its model options, messages and the options of its
 * TTS and embedding models.
 */
export type DashScopeProvider<Id extends string = "dashscope"> = Provider<
  DashScopeProviderModelOptions,
  DashScopeMessage,
  never,
  Id,
  DashScopeProviderTTSOptions,
  DashScopeProviderEmbeddingOptions
>;

/**
 * The DashScope provider for core's registry: `registry.register(dashscope())`, then
 * `registry.chatModel("dashscope:qwen3-max", { enableThinking: true })`. Embeddings by model name:
 * `multimodal-embedding-*` / `tongyi-embedding-vision-*` build a `DashScopeMultiModalEmbedding`,
 * others a `DashScopeTextEmbedding`. TTS models by model name too (see `dashScopeTTSModel`):
 * `registry.ttsModel("dashscope:qwen3-tts-flash-realtime")`. Model options given to `chatModel()`
 * win over the provider's.
 */
export function dashscope<const Id extends string = "dashscope">(
  options: ProviderOptionsWithId<DashScopeProviderOptions, Id> = {},
): DashScopeProvider<Id> {
  const id = (options.id ?? "dashscope") as Id;
  const { apiKey, fetch } = options;
  const baseURL = renamedOption<string>("dashscope()", options, "baseHttpApiUrl", "baseURL");
  const client = definedFields({ apiKey, baseURL, fetch });
  return providerEntry({
    id,
    chatModel: (modelOptions) =>
      new DashScopeChatModel({ ...client, provider: id, ...modelOptions }),
    formatters: { chat: DashScopeChatFormatter, multiagent: DashScopeMultiAgentFormatter },
    embedding: (modelOptions) =>
      isMultimodalEmbedding(modelOptions.modelName)
        ? new DashScopeMultiModalEmbedding({ ...client, ...modelOptions })
        : new DashScopeTextEmbedding({ ...client, ...modelOptions }),
    ttsModel: (modelOptions) => dashScopeTTSModel({ ...client, provider: id, ...modelOptions }),
  });
}
