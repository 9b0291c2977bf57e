import type { EmbeddingModelBase } from "../embedding/embedding-model-base.js";
import type { FormatterBase } from "../formatter/formatter-base.js";
import type { ChatModelBase } from "../model/chat-model-base.js";
import type { TTSModelBase } from "../tts/tts-model-base.js";
import { parseModelString } from "./parse-model-string.js";
import type {
  AnyProvider,
  FormatterKind,
  ProviderEmbeddingOptionsOf,
  ProviderFormatterOutputOf,
  ProviderModelOptionsOf,
  ProviderTokenCounterOf,
  ProviderTTSOptionsOf,
} from "./provider.js";
import { RegistryError } from "./registry-error.js";

/** Options of {@link Registry.register}. */
export interface RegisterOptions {
  /** Replace a provider already registered with the same id (otherwise that is an error). */
  replace?: boolean;
}

/** The registered providers by id, as a registry's type knows them. */
export type ProviderMap = { [id: string]: AnyProvider };

/** Whether a registry's type knows no provider ids (a fresh or untyped registry: strings are free). */
type Untyped<Ps> = [keyof Ps] extends [never] ? true : string extends keyof Ps ? true : false;

/** The provider id of a `"provider:model"` string. */
type IdOf<M extends string> = M extends `${infer Id}:${string}` ? Id : M;

/** The model strings a registry accepts: `"<registered id>:<model>"` once it knows its providers. */
export type ModelString<Ps> = Untyped<Ps> extends true ? string : `${keyof Ps & string}:${string}`;

/** The provider ids (or model strings) a registry accepts for `formatter()`. */
export type ProviderOrModel<Ps> =
  Untyped<Ps> extends true ? string : (keyof Ps & string) | `${keyof Ps & string}:${string}`;

type ProviderOf<Ps, M extends string> =
  Untyped<Ps> extends true ? AnyProvider : IdOf<M> extends keyof Ps ? Ps[IdOf<M>] : never;

/** The chat model options `registry.chatModel(model, options)` takes for the model string `M`. */
export type ChatModelOptionsFor<Ps, M extends string> =
  Untyped<Ps> extends true ? Record<string, unknown> : ProviderModelOptionsOf<ProviderOf<Ps, M>>;

/** The text-to-speech model options `registry.ttsModel(model, options)` takes for the model string `M`. */
export type TTSModelOptionsFor<Ps, M extends string> =
  Untyped<Ps> extends true ? Record<string, unknown> : ProviderTTSOptionsOf<ProviderOf<Ps, M>>;

/** The embedding model options `registry.embedding(model, options)` takes for the model string `M`. */
export type EmbeddingOptionsFor<Ps, M extends string> =
  Untyped<Ps> extends true
    ? Record<string, unknown>
    : ProviderEmbeddingOptionsOf<ProviderOf<Ps, M>>;

/**
 * Providers by id, and models resolved from strings: `registry.register(openai())`, then
 * `registry.chatModel("openai:gpt-4.1", { stream: false })`. Nothing registers itself on import.
 */
export class Registry<Ps extends object = Record<never, never>> {
  private readonly providers = new Map<string, AnyProvider>();

  /**
   * Adds a provider; an id already taken is an error unless `replace`. Returns the registry typed
   * with the provider, so `createRegistry().register(anthropic()).chatModel(...)` checks options.
   */
  register<P extends AnyProvider>(
    provider: P,
    options: RegisterOptions = {},
  ): Registry<Ps & { [K in P["id"]]: P }> {
    if (
      provider === null ||
      typeof provider !== "object" ||
      typeof provider.id !== "string" ||
      provider.id === "" ||
      provider.id.includes(":")
    ) {
      throw new RegistryError(
        "Cannot register the provider: it needs an `id` (a non-empty string without ':') and a `chatModel` and `formatter` function.",
      );
    }
    if (typeof provider.chatModel !== "function" || typeof provider.formatter !== "function") {
      throw new RegistryError(
        `Cannot register provider "${provider.id}": \`chatModel\` and \`formatter\` must be functions.`,
      );
    }
    if (this.providers.has(provider.id) && !options.replace) {
      throw new RegistryError(
        `A provider with id "${provider.id}" is already registered. Pass { replace: true } to replace it.`,
      );
    }
    this.providers.set(provider.id, provider);
    return this as unknown as Registry<Ps & { [K in P["id"]]: P }>;
  }

  /** Removes a provider; returns whether it was registered. */
  unregister(id: string): boolean {
    return this.providers.delete(id);
  }

  /** Whether a provider id is registered. */
  has(id: string): boolean {
    return this.providers.has(id);
  }

  /** The registered provider ids, in registration order. */
  ids(): string[] {
    return [...this.providers.keys()];
  }

  /** The provider of `id`, or a {@link RegistryError} listing the registered ones. */
  provider<Id extends string>(id: Id): ProviderOf<Ps, Id> {
    return this.lookup(id) as ProviderOf<Ps, Id>;
  }

  private lookup(id: string): AnyProvider {
    const found = this.providers.get(id);
    if (found) return found;
    const known = this.ids();
    throw new RegistryError(
      `Unknown provider "${id}". ${
        known.length > 0
          ? `Registered providers: ${known.join(", ")}.`
          : "No provider is registered yet."
      } Register it first, e.g. registry.register(${id}()) with the provider's package.`,
    );
  }

  /**
   * A chat model from a `"provider:model"` string, with the provider's model options (checked at
   * compile time once the registry's type knows the provider); it reads the messages of the
   * provider's {@link formatter}.
   */
  chatModel<M extends ModelString<Ps>>(
    model: M,
    options: ChatModelOptionsFor<Ps, M> = {} as ChatModelOptionsFor<Ps, M>,
  ): ChatModelBase<ProviderFormatterOutputOf<ProviderOf<Ps, M>>> {
    const { provider, modelName } = parseModelString(model);
    return this.lookup(provider).chatModel({
      ...(options as object),
      modelName,
    });
  }

  /** A formatter of `kind` for a provider id or a `"provider:model"` string. */
  formatter<M extends ProviderOrModel<Ps>>(
    providerOrModel: M,
    kind: FormatterKind = "chat",
    options?: Record<string, unknown>,
  ): FormatterBase<ProviderFormatterOutputOf<ProviderOf<Ps, M>>> {
    const id = providerOrModel.includes(":")
      ? parseModelString(providerOrModel).provider
      : providerOrModel;
    return this.lookup(id).formatter(kind, options);
  }

  /** A token counter for a `"provider:model"` string (an error if the provider has none). */
  tokenCounter<M extends ModelString<Ps>>(
    model: M,
    options: Record<string, unknown> = {},
  ): ProviderTokenCounterOf<ProviderOf<Ps, M>> {
    const { provider, modelName } = parseModelString(model);
    const found = this.lookup(provider);
    if (!found.tokenCounter) {
      throw new RegistryError(
        `Provider "${provider}" has no token counter. Use CharTokenCounter from @agentscope-ts/core, or another provider's.`,
      );
    }
    return found.tokenCounter({ ...options, modelName });
  }

  /** An embedding model for a `"provider:model"` string (an error if the provider has none). */
  embedding<M extends ModelString<Ps>>(
    model: M,
    options: EmbeddingOptionsFor<Ps, M> = {} as EmbeddingOptionsFor<Ps, M>,
  ): EmbeddingModelBase {
    const { provider, modelName } = parseModelString(model);
    const found = this.lookup(provider);
    if (!found.embedding) {
      throw new RegistryError(`Provider "${provider}" has no embedding models.`);
    }
    return found.embedding({ ...(options as object), modelName });
  }

  /**
   * A text-to-speech model for a `"provider:model"` string (an error if the provider has none),
   * with the provider's TTS model options (checked at compile time once the registry's type knows
   * the provider).
   */
  ttsModel<M extends ModelString<Ps>>(
    model: M,
    options: TTSModelOptionsFor<Ps, M> = {} as TTSModelOptionsFor<Ps, M>,
  ): TTSModelBase {
    const { provider, modelName } = parseModelString(model);
    const found = this.lookup(provider);
    if (!found.ttsModel) {
      const withTts = this.ttsProviderIds();
      throw new RegistryError(
        `Provider "${provider}" has no text-to-speech models. ${
          withTts.length > 0
            ? `Providers with TTS: ${withTts.join(", ")}.`
            : "No registered provider has TTS models."
        }`,
      );
    }
    return found.ttsModel({ ...(options as object), modelName });
  }

  /** The ids of registered providers that build text-to-speech models. */
  ttsProviderIds(): string[] {
    return this.ids().filter((id) => typeof this.providers.get(id)?.ttsModel === "function");
  }
}

/** Creates an empty registry (typed by the providers registered on it, in a chain). */
export function createRegistry(): Registry {
  return new Registry();
}

/**
 * A shared, initially empty registry for apps that want one: register providers on it at
 * startup. Libraries should take a `Registry` argument instead.
 */
export const registry: Registry = /* @__PURE__ */ createRegistry();
