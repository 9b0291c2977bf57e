import {
  type Provider,
  type ProviderChatModelOptionsOf,
  type ProviderClientOptions,
  providerClient,
  providerEntry,
} from "@agentscope-ts/core";
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

/**
 * Settings an {@link anthropic} provider applies to every model it builds: `id` (default
 * `"anthropic"`), `apiKey` (default: the SDK reads `ANTHROPIC_API_KEY`), `baseURL` (a proxy or an
 * Anthropic-compatible server), `clientKwargs`.
 */
export type AnthropicProviderOptions = ProviderClientOptions;

/** The options `registry.chatModel("anthropic:…", options)` takes: the chat model's, but the client's. */
export type AnthropicProviderModelOptions = ProviderChatModelOptionsOf<AnthropicChatModelOptions>;

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
  options: ProviderClientOptions<Id> = {},
): AnthropicProvider<Id> {
  const { id, client } = providerClient(options, "anthropic" as Id);
  return providerEntry({
    id,
    chatModel: (modelOptions: AnthropicProviderModelOptions & { modelName: string }) =>
      new AnthropicChatModel({ ...client, provider: id, ...modelOptions }),
    formatters: { chat: AnthropicChatFormatter, multiagent: AnthropicMultiAgentFormatter },
    tokenCounter: ({ modelName }) => new AnthropicTokenCounter({ ...client, modelName }),
  });
}
