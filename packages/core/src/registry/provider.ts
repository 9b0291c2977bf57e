import type { EmbeddingModelBase } from "../embedding/embedding-model-base.js";
import type { FormatterBase } from "../formatter/formatter-base.js";
import type { ChatModelBase } from "../model/chat-model-base.js";
import type { TokenCounter } from "../token/token-counter-base.js";
import type { TTSModelBase } from "../tts/tts-model-base.js";

/** Which formatter a provider builds: for one user and one assistant, or for several agents. */
export type FormatterKind = "chat" | "multiagent";

/** Options a provider's `chatModel()` receives when it does not type them: `modelName` plus settings. */
export type ProviderModelOptions = { modelName: string } & Record<string, unknown>;

/**
 * What a provider package exports so apps can use it by name (`registry.register(openai())`):
 * factories for its chat model, formatters and, optionally, token counter and embedding model.
 *
 * It is generic so a registry can check calls at compile time: `ModelOptions` are the options
 * its chat models take besides `modelName` (a misspelt option is a type error in
 * `registry.chatModel("<id>:<model>", options)`), `FormatterOutput` the message type its
 * formatters produce and its chat models read (one type for both, so a registry's formatter and
 * model of one provider fit each other in a `ReActAgent`), `Counter` its token counter, `Id`
 * its id as a literal type, and `TTSOptions` / `EmbeddingOptions` the options its text-to-speech
 * and embedding models take besides `modelName` (checked in `registry.ttsModel(...)` and
 * `registry.embedding(...)` the same way).
 */
export interface Provider<
  ModelOptions extends object = Record<string, unknown>,
  FormatterOutput extends object = object,
  Counter extends TokenCounter = TokenCounter,
  Id extends string = string,
  TTSOptions extends object = Record<string, unknown>,
  EmbeddingOptions extends object = Record<string, unknown>,
> {
  /** The id used in model strings, e.g. `"openai"` in `"openai:gpt-4.1"`. */
  readonly id: Id;
  /** Builds a chat model. */
  chatModel(options: ModelOptions & { modelName: string }): ChatModelBase<FormatterOutput>;
  /** Builds the provider's formatter of the given kind. */
  formatter(kind: FormatterKind, options?: Record<string, unknown>): FormatterBase<FormatterOutput>;
  /** Builds a token counter for a model, when the provider has one. */
  tokenCounter?(options: ProviderModelOptions): Counter;
  /** Builds an embedding model, when the provider has one. */
  embedding?(options: EmbeddingOptions & { modelName: string }): EmbeddingModelBase;
  /** Builds a text-to-speech model, when the provider has one (`registry.ttsModel("openai:gpt-4o-mini-tts")`). */
  ttsModel?(options: TTSOptions & { modelName: string }): TTSModelBase;
}

/** Any provider, whatever its type parameters (what a registry stores). */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds providers of every option type.
export type AnyProvider = Provider<any, any, any, string, any, any>;

/** The chat model options of a provider type (besides `modelName`). */
export type ProviderModelOptionsOf<P> =
  // biome-ignore lint/suspicious/noExplicitAny: matched, not used.
  P extends Provider<infer O, any, any, any, any, any> ? O : Record<string, unknown>;

/** The message type a provider type's formatters produce. */
export type ProviderFormatterOutputOf<P> =
  // biome-ignore lint/suspicious/noExplicitAny: matched, not used.
  P extends Provider<any, infer F, any, any, any, any> ? F : object;

/** The token counter type of a provider type. */
export type ProviderTokenCounterOf<P> =
  // biome-ignore lint/suspicious/noExplicitAny: matched, not used.
  P extends Provider<any, any, infer C, any, any, any> ? C : TokenCounter;

/** The text-to-speech model options of a provider type (besides `modelName`). */
export type ProviderTTSOptionsOf<P> =
  // biome-ignore lint/suspicious/noExplicitAny: matched, not used.
  P extends Provider<any, any, any, any, infer T, any> ? T : Record<string, unknown>;

/** The embedding model options of a provider type (besides `modelName`). */
export type ProviderEmbeddingOptionsOf<P> =
  // biome-ignore lint/suspicious/noExplicitAny: matched, not used.
  P extends Provider<any, any, any, any, any, infer E> ? E : Record<string, unknown>;
