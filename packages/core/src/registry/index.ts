export { type ParsedModelString, parseModelString } from "./parse-model-string.js";
export type {
  AnyProvider,
  FormatterKind,
  Provider,
  ProviderEmbeddingOptionsOf,
  ProviderFormatterOutputOf,
  ProviderModelOptions,
  ProviderModelOptionsOf,
  ProviderTokenCounterOf,
  ProviderTTSOptionsOf,
} from "./provider.js";
export {
  type ChatModelOptionsFor,
  createRegistry,
  type EmbeddingOptionsFor,
  type ModelString,
  type ProviderMap,
  type ProviderOrModel,
  type RegisterOptions,
  Registry,
  registry,
  type TTSModelOptionsFor,
} from "./registry.js";
export { RegistryError } from "./registry-error.js";
