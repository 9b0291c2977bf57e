import type { FormatterKind, Provider, ProviderModelOptions } from "@agentscope-ts/core";
import { AnthropicChatFormatter } from "../formatter/anthropic-chat-formatter.js";
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

/**
 * The Anthropic provider for core's registry: `registry.register(anthropic())`, then
 * `registry.chatModel("anthropic:claude-sonnet-4-5")`. It builds {@link AnthropicChatModel}s, the
 * Anthropic formatters and the API-backed token counter. Model options given to `chatModel()`
 * (`stream`, `thinking`, `maxTokens`…) win over the provider's.
 */
export function anthropic(options: AnthropicProviderOptions = {}): Provider {
  const id = options.id ?? "anthropic";
  const client = {
    ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
    ...(options.baseURL !== undefined ? { baseURL: options.baseURL } : {}),
    ...(options.clientKwargs !== undefined ? { clientKwargs: options.clientKwargs } : {}),
  };
  return {
    id,
    chatModel: (modelOptions: ProviderModelOptions) =>
      new AnthropicChatModel({
        ...client,
        provider: id,
        ...(modelOptions as unknown as AnthropicChatModelOptions),
      }),
    formatter: (kind: FormatterKind, formatterOptions?: Record<string, unknown>) =>
      kind === "multiagent"
        ? new AnthropicMultiAgentFormatter(formatterOptions)
        : new AnthropicChatFormatter(formatterOptions),
    tokenCounter: (modelOptions: ProviderModelOptions) =>
      new AnthropicTokenCounter({ ...client, modelName: modelOptions.modelName }),
  };
}
