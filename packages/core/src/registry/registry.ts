import type { EmbeddingModelBase } from "../embedding/embedding-model-base.js";
import type { FormatterBase } from "../formatter/formatter-base.js";
import type { ChatModelBase } from "../model/chat-model-base.js";
import type { TokenCounter } from "../token/token-counter-base.js";
import { parseModelString } from "./parse-model-string.js";
import type { FormatterKind, Provider } from "./provider.js";
import { RegistryError } from "./registry-error.js";

/** Options of {@link Registry.register}. */
export interface RegisterOptions {
  /** Replace a provider already registered with the same id (otherwise that is an error). */
  replace?: boolean;
}

/**
 * Providers by id, and models resolved from strings: `registry.register(openai())`, then
 * `registry.chatModel("openai:gpt-4.1", { stream: false })`. Nothing registers itself on import.
 */
export class Registry {
  private readonly providers = new Map<string, Provider>();

  /** Adds a provider; an id already taken is an error unless `replace`. */
  register(provider: Provider, options: RegisterOptions = {}): this {
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
    return this;
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
  provider(id: string): Provider {
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

  /** A chat model from a `"provider:model"` string, with provider options. */
  chatModel(model: string, options: Record<string, unknown> = {}): ChatModelBase {
    const { provider, modelName } = parseModelString(model);
    return this.provider(provider).chatModel({ ...options, modelName });
  }

  /** A formatter of `kind` for a provider id or a `"provider:model"` string. */
  formatter(
    providerOrModel: string,
    kind: FormatterKind = "chat",
    options?: Record<string, unknown>,
  ): FormatterBase<object> {
    const id = providerOrModel.includes(":")
      ? parseModelString(providerOrModel).provider
      : providerOrModel;
    return this.provider(id).formatter(kind, options);
  }

  /** A token counter for a `"provider:model"` string (an error if the provider has none). */
  tokenCounter(model: string, options: Record<string, unknown> = {}): TokenCounter {
    const { provider, modelName } = parseModelString(model);
    const found = this.provider(provider);
    if (!found.tokenCounter) {
      throw new RegistryError(
        `Provider "${provider}" has no token counter. Use CharTokenCounter from @agentscope-ts/core, or another provider's.`,
      );
    }
    return found.tokenCounter({ ...options, modelName });
  }

  /** An embedding model for a `"provider:model"` string (an error if the provider has none). */
  embedding(model: string, options: Record<string, unknown> = {}): EmbeddingModelBase {
    const { provider, modelName } = parseModelString(model);
    const found = this.provider(provider);
    if (!found.embedding) {
      throw new RegistryError(`Provider "${provider}" has no embedding models.`);
    }
    return found.embedding({ ...options, modelName });
  }
}

/** Creates an empty registry. */
export function createRegistry(): Registry {
  return new Registry();
}

/**
 * A shared, initially empty registry for apps that want one: register providers on it at
 * startup. Libraries should take a `Registry` argument instead.
 */
export const registry: Registry = /* @__PURE__ */ createRegistry();
