import {
  definedFields,
  type Provider,
  type ProviderChatModelOptionsOf,
  type ProviderOptionsWithId,
  providerEntry,
} from "@agentscope-ts/core";
import { OllamaTextEmbedding } from "../embedding/ollama-text-embedding.js";
import { OllamaChatFormatter } from "../formatter/ollama-chat-formatter.js";
import type { OllamaMessage } from "../formatter/ollama-message.js";
import { OllamaMultiAgentFormatter } from "../formatter/ollama-multi-agent-formatter.js";
import { OllamaChatModel, type OllamaChatModelOptions } from "../model/ollama-chat-model.js";
import type { OllamaClientKwargs } from "../model/ollama-client.js";
import { type OllamaBaseURLOptions, ollamaBaseURL } from "../model/ollama-options.js";

/** Settings an {@link ollama} provider applies to every model it builds. */
export interface OllamaProviderOptions extends OllamaBaseURLOptions {
  /** The provider id in model strings (`"<id>:<model>"`). Default `"ollama"`. */
  id?: string;
  /** More options of the `ollama` client: `headers`, `fetch`, `proxy`. */
  clientKwargs?: OllamaClientKwargs;
}

/** The options `registry.chatModel("ollama:…", options)` takes: the chat model's, but the client's. */
export type OllamaProviderModelOptions = ProviderChatModelOptionsOf<OllamaChatModelOptions>;

/** The type of the {@link ollama} provider: its model options, messages and token counter. */
export type OllamaProvider<Id extends string = "ollama"> = Provider<
  OllamaProviderModelOptions,
  OllamaMessage,
  never,
  Id
>;

/**
 * The Ollama provider for core's registry: `registry.register(ollama())`, then
 * `registry.chatModel("ollama:qwen3")`, `registry.formatter("ollama", "multiagent")`,
 * `registry.embedding("ollama:nomic-embed-text", { dimensions: 768 })`. Model options given to
 * `chatModel()` (`stream`, `thinking`, `options`…) win over the provider's.
 */
export function ollama<const Id extends string = "ollama">(
  options: ProviderOptionsWithId<OllamaProviderOptions, Id> = {},
): OllamaProvider<Id> {
  const id = (options.id ?? "ollama") as Id;
  const baseURL = ollamaBaseURL("ollama()", options);
  const client = definedFields({ baseURL, clientKwargs: options.clientKwargs });
  return providerEntry({
    id,
    chatModel: (modelOptions: OllamaProviderModelOptions & { modelName: string }) =>
      new OllamaChatModel({ ...client, provider: id, ...modelOptions }),
    formatters: { chat: OllamaChatFormatter, multiagent: OllamaMultiAgentFormatter },
    // `dimensions` is required and checked by the model: a missing or bad one is its ValidationError.
    embedding: ({ dimensions, ...modelOptions }) =>
      new OllamaTextEmbedding({
        ...client,
        provider: id,
        ...modelOptions,
        dimensions: typeof dimensions === "number" ? dimensions : Number.NaN,
      }),
  });
}
