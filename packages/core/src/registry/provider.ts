import type { EmbeddingModelBase } from "../embedding/embedding-model-base.js";
import type { FormatterBase } from "../formatter/formatter-base.js";
import type { ChatModelBase } from "../model/chat-model-base.js";
import type { TokenCounter } from "../token/token-counter-base.js";

/** Which formatter a provider builds: for one user and one assistant, or for several agents. */
export type FormatterKind = "chat" | "multiagent";

/** Options a provider's `chatModel()` receives: `modelName` plus provider settings. */
export type ProviderModelOptions = { modelName: string } & Record<string, unknown>;

/**
 * What a provider package exports so apps can use it by name (`registry.register(openai())`):
 * factories for its chat model, formatters and, optionally, token counter and embedding model.
 */
export interface Provider {
  /** The id used in model strings, e.g. `"openai"` in `"openai:gpt-4.1"`. */
  readonly id: string;
  /** Builds a chat model. */
  chatModel(options: ProviderModelOptions): ChatModelBase;
  /** Builds the provider's formatter of the given kind. */
  formatter(kind: FormatterKind, options?: Record<string, unknown>): FormatterBase<object>;
  /** Builds a token counter for a model, when the provider has one. */
  tokenCounter?(options: ProviderModelOptions): TokenCounter;
  /** Builds an embedding model, when the provider has one. */
  embedding?(options: ProviderModelOptions): EmbeddingModelBase;
}
