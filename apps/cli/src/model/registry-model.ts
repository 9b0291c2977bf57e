import { type AnyProvider, createRegistry, type ProviderModelOptionsOf } from "@agentscope-ts/core";
import type { LoadedModel } from "./loaded-model.js";

/**
 * Resolves the CLI's model through core's registry: registers `provider` (built by the provider's
 * package with the key and endpoint the CLI found) and asks the registry for
 * `"<id>:<modelName>"` with `modelOptions` (typed by the provider) and its chat formatter.
 */
export function resolveThroughRegistry<P extends AnyProvider>(
  provider: P,
  modelName: string,
  modelOptions: ProviderModelOptionsOf<P>,
  formatterOptions?: Record<string, unknown>,
): LoadedModel {
  const registry = createRegistry().register(provider);
  const model = registry.chatModel(`${provider.id}:${modelName}`, modelOptions);
  const formatter = registry.formatter(provider.id, "chat", formatterOptions);
  return { model, formatter, label: `${provider.id}:${model.modelName}` };
}
