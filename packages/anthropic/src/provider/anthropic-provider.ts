import { definedFields, type Provider, providerEntry } from "@agentscope-ts/core";
import {
  AnthropicChatFormatter,
  type AnthropicMessage,
} from "../formatter/anthropic-chat-formatter.js";
import { AnthropicMultiAgentFormatter } from "../formatter/anthropic-multi-agent-formatter.js";
import {
  AnthropicChatModel,
  type AnthropicChatModelOptions,
} from "../model/anthropic-chat-model.js";
import { AnthropicTokenCounter } from "../token/anthropic-token-counter.js";

/** Settings an {@link anthropic} provider applies to every model it builds. */
export interface AnthropicProviderOptions {
  /** The provider id in model strings (`"<id>:<model>"`). Default `"anthropic"`. */
  id?: string;
  /** The API key (default: the SDK reads `ANTHROPIC_API_KEY`). */
  apiKey?: string;
  /** The API base URL (a proxy or an Anthropic-compatible server). */
  baseURL?: string;
  /** More options of the SDK client. */
  clientKwargs?: Record<string, unknown>;
}

/** The options `registry.chatModel("anthropic:…", options)` takes: the chat model's, but the client's. */
export type AnthropicProviderModelOptions = Omit<
  AnthropicChatModelOptions,
  "modelName" | "provider" | "client"
>;

/** The type of the {@link anthropic} provider: its model options, messages and token counter. */
export type AnthropicProvider<Id extends string = "anthropic"> = Provider<
  AnthropicProviderModelOptions,
  AnthropicMessage,
  AnthropicTokenCounter,
  Id
>;

/**
 * The Anthropic provider for core's registry: `registry.register(anthropic())`, then
 * `registry.chatModel("anthropic:claude-sonnet-4-5")`. It builds {@link AnthropicChatModel}s, the
 * Anthropic formatters and the API-backed token counter. Model options given to `chatModel()`
 * (`stream`, `thinking`, `maxTokens`…) win over the provider's.
 */
export function anthropic<const Id extends string = "anthropic">(
  options: Omit<AnthropicProviderOptions, "id"> & { id?: Id } = {},
): AnthropicProvider<Id> {
  const id = (options.id ?? "anthropic") as Id;
  const { apiKey, baseURL, clientKwargs } = options;
  const client = definedFields({ apiKey, baseURL, clientKwargs });
  return providerEntry({
    id,
    chatModel: (modelOptions: AnthropicProviderModelOptions & { modelName: string }) =>
      new AnthropicChatModel({ ...client, provider: id, ...modelOptions }),
    formatters: { chat: AnthropicChatFormatter, multiagent: AnthropicMultiAgentFormatter },
    tokenCounter: ({ modelName }) => new AnthropicTokenCounter({ ...client, modelName }),
  });
}
