import type { EmbeddingModelBase } from "../embedding/embedding-model-base.js";
import { ValidationError } from "../errors/validation-error.js";
import type { FormatterBase } from "../formatter/formatter-base.js";
import type { ChatModelBase } from "../model/chat-model-base.js";
import type { FormatterKind, Provider, ProviderModelOptions } from "../registry/provider.js";
import type { TokenCounter } from "../token/token-counter-base.js";
import type { TTSModelBase } from "../tts/tts-model-base.js";

/** A formatter class of a provider: built with the options `registry.formatter()` was given. */
export type FormatterClass<TMessage extends object> = new (
  options?: Record<string, unknown>,
) => FormatterBase<TMessage>;

/** What {@link providerEntry} builds a registry entry from. */
export interface ProviderEntryParts<
  ModelOptions extends object,
  TMessage extends object,
  Counter extends TokenCounter,
  Id extends string,
> {
  /** The id in model strings (`"<id>:<model>"`). */
  id: Id;
  /** Builds a chat model. */
  chatModel(options: ModelOptions & { modelName: string }): ChatModelBase<TMessage>;
  /** The formatter classes for one user (`chat`) and for several agents (`multiagent`). */
  formatters: { chat: FormatterClass<TMessage>; multiagent: FormatterClass<TMessage> };
  /** Builds a token counter, when the provider has one. */
  tokenCounter?: ((options: ProviderModelOptions) => Counter) | undefined;
  /** Builds an embedding model, when the provider has one. */
  embedding?: ((options: ProviderModelOptions) => EmbeddingModelBase) | undefined;
  /** Builds a text-to-speech model, when the provider has one. */
  ttsModel?: ((options: ProviderModelOptions) => TTSModelBase) | undefined;
}

/**
 * A provider's registry entry from its parts: the chat model factory, the two formatter classes
 * and, optionally, token counter, embedding and text-to-speech factories. An unknown formatter kind is a
 * ValidationError.
 */
export function providerEntry<
  ModelOptions extends object,
  TMessage extends object,
  Counter extends TokenCounter = never,
  Id extends string = string,
>(
  parts: ProviderEntryParts<ModelOptions, TMessage, Counter, Id>,
): Provider<ModelOptions, TMessage, Counter, Id> {
  const { formatters, tokenCounter, embedding, ttsModel } = parts;
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
    ...(tokenCounter ? { tokenCounter } : {}),
    ...(embedding ? { embedding } : {}),
    ...(ttsModel ? { ttsModel } : {}),
  };
}

/** The fields of `fields` whose value is not `undefined` (the settings a provider passes on). */
export function definedFields<T extends object>(
  fields: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out as { [K in keyof T]?: Exclude<T[K], undefined> };
}
