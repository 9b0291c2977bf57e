import type { EmbeddingModelBase } from "../embedding/embedding-model-base.js";
import { ValidationError } from "../errors/validation-error.js";
import type { FormatterBase } from "../formatter/formatter-base.js";
import type { ChatModelBase } from "../model/chat-model-base.js";
import type { FormatterKind, Provider, ProviderModelOptions } from "../registry/provider.js";
import { RegistryError } from "../registry/registry-error.js";
import type { TokenCounter } from "../token/token-counter-base.js";
import type { TTSModelBase } from "../tts/tts-model-base.js";

/** A formatter class of a provider: built with the options `registry.formatter()` was given. */
export type FormatterClass<TMessage extends object> = new (
  options?: Record<string, unknown>,
) => FormatterBase<TMessage>;

/** What every registry entry has besides chat models: its id, and optional factories. */
export interface ProviderEntryCommon<
  Id extends string,
  Counter extends TokenCounter,
  TTSOptions extends object,
  EmbeddingOptions extends object,
> {
  /** The id in model strings (`"<id>:<model>"`). */
  id: Id;
  /** Builds a token counter, when the provider has one. */
  tokenCounter?: ((options: ProviderModelOptions) => Counter) | undefined;
  /** Builds an embedding model, when the provider has one. */
  embedding?:
    | ((options: EmbeddingOptions & { modelName: string }) => EmbeddingModelBase)
    | undefined;
  /** Builds a text-to-speech model, when the provider has one (typed by its options). */
  ttsModel?: ((options: TTSOptions & { modelName: string }) => TTSModelBase) | undefined;
}

/** What {@link providerEntry} builds a registry entry from. */
export interface ProviderEntryParts<
  ModelOptions extends object,
  TMessage extends object,
  Counter extends TokenCounter,
  Id extends string,
  TTSOptions extends object = Record<string, unknown>,
  EmbeddingOptions extends object = Record<string, unknown>,
> extends ProviderEntryCommon<Id, Counter, TTSOptions, EmbeddingOptions> {
  /** Builds a chat model. */
  chatModel(options: ModelOptions & { modelName: string }): ChatModelBase<TMessage>;
  /** The formatter classes for one user (`chat`) and for several agents (`multiagent`). */
  formatters: { chat: FormatterClass<TMessage>; multiagent: FormatterClass<TMessage> };
}

/**
 * What {@link providerEntry} builds the entry of a provider without chat models from (token
 * counters, embeddings or TTS only, e.g. Hugging Face's local models).
 */
export interface ProviderWithoutChatParts<
  Id extends string,
  Counter extends TokenCounter,
  TTSOptions extends object,
  EmbeddingOptions extends object,
> extends ProviderEntryCommon<Id, Counter, TTSOptions, EmbeddingOptions> {
  /**
   * What to use for chat instead: the end of the RegistryError `registry.chatModel()` and
   * `registry.formatter()` throw for this provider (e.g. `"Run chat models through …"`).
   */
  withoutChatModels: string;
}

/**
 * A provider's registry entry from its parts: the chat model factory, the two formatter classes
 * and, optionally, token counter, embedding and text-to-speech factories (each typed by its
 * options, which the registry then checks). An unknown formatter kind is a ValidationError.
 */
export function providerEntry<
  ModelOptions extends object,
  TMessage extends object,
  Counter extends TokenCounter = never,
  Id extends string = string,
  TTSOptions extends object = Record<string, unknown>,
  EmbeddingOptions extends object = Record<string, unknown>,
>(
  parts: ProviderEntryParts<ModelOptions, TMessage, Counter, Id, TTSOptions, EmbeddingOptions>,
): Provider<ModelOptions, TMessage, Counter, Id, TTSOptions, EmbeddingOptions>;
/**
 * The registry entry of a provider without chat models: `registry.chatModel()` and
 * `registry.formatter()` throw a RegistryError saying what it offers and `withoutChatModels`
 * (its chat options type is `never`, so passing any is a compile error).
 */
export function providerEntry<
  Counter extends TokenCounter = never,
  Id extends string = string,
  TTSOptions extends object = Record<string, unknown>,
  EmbeddingOptions extends object = Record<string, unknown>,
>(
  parts: ProviderWithoutChatParts<Id, Counter, TTSOptions, EmbeddingOptions>,
): Provider<never, never, Counter, Id, TTSOptions, EmbeddingOptions>;
export function providerEntry(
  parts:
    | ProviderEntryParts<object, object, TokenCounter, string>
    | ProviderWithoutChatParts<string, TokenCounter, object, object>,
): Provider<object, object, TokenCounter, string> {
  const { tokenCounter, embedding, ttsModel } = parts;
  const extras = {
    ...(tokenCounter ? { tokenCounter } : {}),
    ...(embedding ? { embedding } : {}),
    ...(ttsModel ? { ttsModel } : {}),
  };
  if ("withoutChatModels" in parts) {
    const refuse = (what: string): never => {
      throw new RegistryError(
        `Provider "${parts.id}" offers ${offers(parts)} only, not ${what}. ${parts.withoutChatModels}`,
      );
    };
    return {
      id: parts.id,
      chatModel: () => refuse("chat models"),
      formatter: () => refuse("formatters"),
      ...extras,
    };
  }
  const { formatters } = parts;
  return {
    id: parts.id,
    chatModel: parts.chatModel,
    formatter: (kind: FormatterKind, options?: Record<string, unknown>) => {
      if (kind === "chat") return new formatters.chat(options);
      if (kind === "multiagent") return new formatters.multiagent(options);
      throw new ValidationError("formatter kind", [
        { path: "", message: `expected "chat" or "multiagent", received ${JSON.stringify(kind)}` },
      ]);
    },
    ...extras,
  };
}

/** What a provider without chat models offers, in words ("token counters and embeddings"). */
function offers(parts: ProviderEntryCommon<string, TokenCounter, object, object>): string {
  const names = [
    parts.tokenCounter ? "token counters" : "",
    parts.embedding ? "embeddings" : "",
    parts.ttsModel ? "text-to-speech models" : "",
  ].filter((name) => name !== "");
  if (names.length === 0) return "nothing";
  return names.length === 1
    ? names.join("")
    : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The fields of `fields` whose value is not `undefined` (the settings a provider passes on). */
export function definedFields<T extends object>(
  fields: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out as { [K in keyof T]?: Exclude<T[K], undefined> };
}
