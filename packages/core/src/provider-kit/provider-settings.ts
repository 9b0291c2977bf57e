import { definedFields } from "./provider-entry.js";

/** The settings most providers pass to every model they build (the SDK client's), and their id. */
export interface ProviderClientOptions<Id extends string = string> {
  /** The provider id in model strings (`"<id>:<model>"`). Default: the provider's name. */
  id?: Id;
  /** The API key (default: the provider's environment variable, e.g. `ANTHROPIC_API_KEY`). */
  apiKey?: string;
  /** The API base URL (a proxy, a compatible server or a test server). */
  baseURL?: string;
  /** More options of the SDK client. */
  clientKwargs?: Record<string, unknown>;
}

/** A provider function's options: `Options` with its `id` typed as the literal `Id`. */
export type ProviderOptionsWithId<Options, Id extends string> = Omit<Options, "id"> & { id?: Id };

/**
 * The options `registry.chatModel("<id>:…", options)` takes: the chat model's, without what the
 * provider sets (`modelName` comes from the model string, `provider` is its id, `client` its own).
 */
export type ProviderChatModelOptionsOf<ModelOptions> = Omit<
  ModelOptions,
  "modelName" | "provider" | "client"
>;

/**
 * A provider's id (`options.id`, else `defaultId`) and the client settings it passes to every
 * model (`apiKey`, `baseURL`, `clientKwargs`, those given).
 */
export function providerClient<Id extends string>(
  options: ProviderClientOptions<Id>,
  defaultId: Id,
): {
  id: Id;
  client: { apiKey?: string; baseURL?: string; clientKwargs?: Record<string, unknown> };
} {
  const { apiKey, baseURL, clientKwargs } = options;
  return { id: options.id ?? defaultId, client: definedFields({ apiKey, baseURL, clientKwargs }) };
}
