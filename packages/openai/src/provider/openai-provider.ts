import {
  type FormatterKind,
  type Provider,
  type ProviderChatModelOptionsOf,
  ValidationError,
} from "@agentscope-ts/core";
import {
  OpenAITextEmbedding,
  type OpenAITextEmbeddingOptions,
} from "../embedding/openai-text-embedding.js";
import { DeepSeekChatFormatter } from "../formatter/deepseek-chat-formatter.js";
import { DeepSeekMultiAgentFormatter } from "../formatter/deepseek-multi-agent-formatter.js";
import { OpenAIChatFormatter } from "../formatter/openai-chat-formatter.js";
import type { OpenAIChatMessage } from "../formatter/openai-chat-message.js";
import { OpenAIMultiAgentFormatter } from "../formatter/openai-multi-agent-formatter.js";
import { OpenAIResponseChatFormatter } from "../formatter/openai-response-chat-formatter.js";
import type { OpenAIResponseInputItem } from "../formatter/openai-response-input.js";
import { OpenAIResponseMultiAgentFormatter } from "../formatter/openai-response-multi-agent-formatter.js";
import { OpenAIChatModel, type OpenAIChatModelOptions } from "../model/openai-chat-model.js";
import {
  OpenAIResponseModel,
  type OpenAIResponseModelOptions,
} from "../model/openai-response-model.js";
import { OpenAITokenCounter } from "../token/openai-token-counter.js";
import { OpenAITTSModel, type OpenAITTSModelOptions } from "../tts/openai-tts-model.js";

/** Settings an {@link openai} provider applies to every model it builds. */
export interface OpenAIProviderOptions {
  /** The provider id in model strings (`"<id>:<model>"`). Default `"openai"`. */
  id?: string;
  /** The API key (default: the SDK reads `OPENAI_API_KEY`). */
  apiKey?: string;
  /** The base URL of a compatible server (vLLM, Ollama `/v1`, DashScope compatible mode…). */
  baseURL?: string;
  /** The organization id. */
  organization?: string;
  /** More options of the SDK client. */
  clientKwargs?: Record<string, unknown>;
  /** Which formatters the provider builds: OpenAI's (default) or DeepSeek's. */
  formatters?: "openai" | "deepseek";
  /**
   * Which OpenAI API the chat models speak: `"chat"` (Chat Completions, `OpenAIChatModel`, the
   * default) or `"responses"` (the Responses API: `OpenAIResponseModel` and the
   * `OpenAIResponse*Formatter`s).
   */
  api?: "chat" | "responses";
  /** Whether the provider offers the OpenAI token counter, embeddings and TTS models. Default true. */
  openAIExtras?: boolean;
}

function clientSettings(options: OpenAIProviderOptions) {
  return {
    ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
    ...(options.baseURL !== undefined ? { baseURL: options.baseURL } : {}),
    ...(options.clientKwargs !== undefined ? { clientKwargs: options.clientKwargs } : {}),
  };
}

/** The options `registry.chatModel("openai:…", options)` takes for the API `Api` (the client's aside). */
export type OpenAIProviderModelOptions<Api extends "chat" | "responses" = "chat"> =
  ProviderChatModelOptionsOf<
    Api extends "responses" ? OpenAIResponseModelOptions : OpenAIChatModelOptions
  >;

/** The message type of an {@link openai} provider's formatters and models for the API `Api`. */
export type OpenAIProviderMessage<Api extends "chat" | "responses" = "chat"> =
  Api extends "responses" ? OpenAIResponseInputItem : OpenAIChatMessage;

/** The options `registry.ttsModel("openai:…", options)` takes: the TTS model's, but the client's. */
export type OpenAIProviderTTSOptions = ProviderChatModelOptionsOf<OpenAITTSModelOptions>;

/** The options `registry.embedding("openai:…", options)` takes: the embedding model's but its name. */
export type OpenAIProviderEmbeddingOptions = Omit<OpenAITextEmbeddingOptions, "modelName">;

/**
 * The type of the {@link openai} provider: its model options, messages, token counter and the
 * options of its TTS and embedding models.
 */
export type OpenAIProvider<
  Id extends string = "openai",
  Api extends "chat" | "responses" = "chat",
> = Provider<
  OpenAIProviderModelOptions<Api>,
  OpenAIProviderMessage<Api>,
  OpenAITokenCounter,
  Id,
  OpenAIProviderTTSOptions,
  OpenAIProviderEmbeddingOptions
>;

/** The options of {@link openai} with its id `Id` and API `Api`. */
type OpenAIOptionsOf<Id extends string, Api> = Omit<OpenAIProviderOptions, "id" | "api"> & {
  id?: Id;
  api?: Api;
};

/** The models and formatters of the Chat Completions API (OpenAI's or DeepSeek's formatters). */
function chatParts<Id extends string>(
  shared: object,
  deepseekFormatters: boolean,
): Pick<OpenAIProvider<Id, "chat">, "chatModel" | "formatter"> {
  return {
    chatModel: (modelOptions) =>
      new OpenAIChatModel({ ...shared, ...modelOptions, modelName: modelOptions.modelName }),
    formatter: (kind: FormatterKind, formatterOptions?: Record<string, unknown>) => {
      if (deepseekFormatters) {
        return kind === "multiagent"
          ? new DeepSeekMultiAgentFormatter(formatterOptions)
          : new DeepSeekChatFormatter(formatterOptions);
      }
      return kind === "multiagent"
        ? new OpenAIMultiAgentFormatter(formatterOptions)
        : new OpenAIChatFormatter(formatterOptions);
    },
  };
}

/** The model and formatters of the Responses API. */
function responsesParts<Id extends string>(
  shared: object,
): Pick<OpenAIProvider<Id, "responses">, "chatModel" | "formatter"> {
  return {
    chatModel: (modelOptions) =>
      new OpenAIResponseModel({ ...shared, ...modelOptions, modelName: modelOptions.modelName }),
    formatter: (kind: FormatterKind, formatterOptions?: Record<string, unknown>) =>
      kind === "multiagent"
        ? new OpenAIResponseMultiAgentFormatter(formatterOptions)
        : new OpenAIResponseChatFormatter(formatterOptions),
  };
}

/**
 * The OpenAI provider for core's registry: `registry.register(openai())`, then
 * `registry.chatModel("openai:gpt-4.1")`. With `baseURL` (and an `id`) it serves any
 * OpenAI-compatible server: `openai({ id: "vllm", baseURL: "http://localhost:8000/v1", apiKey: "x" })`.
 * Model options given to `chatModel()` (`stream`, `generateKwargs`…) win over the provider's.
 * `openai({ api: "responses" })` serves the Responses API instead of Chat Completions (its
 * formatters and model then read Responses `input` items).
 * `registry.ttsModel("openai:gpt-4o-mini-tts", { voice: "coral" })` builds an {@link OpenAITTSModel}.
 */
export function openai<const Id extends string = "openai">(
  options?: OpenAIOptionsOf<Id, "chat">,
): OpenAIProvider<Id, "chat">;
/** The OpenAI provider on the Responses API (see the first signature). */
export function openai<const Id extends string = "openai">(
  options: OpenAIOptionsOf<Id, "responses">,
): OpenAIProvider<Id, "responses">;
/** The OpenAI provider on the API chosen at run time (see the first signature). */
export function openai<const Id extends string = "openai">(
  options: OpenAIOptionsOf<Id, "chat" | "responses">,
): OpenAIProvider<Id, "chat"> | OpenAIProvider<Id, "responses">;
export function openai(
  options: OpenAIOptionsOf<string, "chat" | "responses"> = {},
): OpenAIProvider<string, "chat"> | OpenAIProvider<string, "responses"> {
  const id = options.id ?? "openai";
  const client = clientSettings(options);
  const api = options.api ?? "chat";
  if (api !== "chat" && api !== "responses") {
    throw new ValidationError("openai() provider options", [
      { path: "api", message: `expected "chat" or "responses", received ${JSON.stringify(api)}` },
    ]);
  }
  const shared = {
    ...client,
    ...(options.organization !== undefined ? { organization: options.organization } : {}),
    provider: id,
  };
  const extras: Pick<
    OpenAIProvider<string>,
    "tokenCounter" | "embedding" | "ttsModel"
  > = options.openAIExtras === false
    ? {}
    : {
        tokenCounter: (modelOptions) =>
          new OpenAITokenCounter({ modelName: modelOptions.modelName }),
        embedding: (modelOptions) => new OpenAITextEmbedding({ ...client, ...modelOptions }),
        ttsModel: (modelOptions) => new OpenAITTSModel({ ...shared, ...modelOptions }),
      };
  return api === "responses"
    ? { id, ...responsesParts(shared), ...extras }
    : { id, ...chatParts(shared, options.formatters === "deepseek"), ...extras };
}

/** Reads an environment variable where there is one (Node, Deno, Bun); undefined in browsers. */
function env(name: string): string | undefined {
  const holder = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return holder.process?.env?.[name];
}

/**
 * The DeepSeek provider: DeepSeek's OpenAI-compatible API (`https://api.deepseek.com`, key from
 * `apiKey` or `DEEPSEEK_API_KEY`) with the DeepSeek formatters: `registry.register(deepseek())`,
 * then `registry.chatModel("deepseek:deepseek-chat")`.
 */
export function deepseek<const Id extends string = "deepseek">(
  options: Omit<OpenAIProviderOptions, "formatters" | "openAIExtras" | "api" | "id"> & {
    id?: Id;
  } = {},
): OpenAIProvider<Id> {
  const apiKey = options.apiKey ?? env("DEEPSEEK_API_KEY");
  return openai({
    id: "deepseek" as Id,
    baseURL: "https://api.deepseek.com",
    ...options,
    ...(apiKey !== undefined ? { apiKey } : {}),
    formatters: "deepseek",
    openAIExtras: false,
  });
}
