export { type ParsedModelString, parseModelString } from "./parse-model-string.js";
export type {
  AnyProvider,
  FormatterKind,
  Provider,
  ProviderFormatterOutputOf,
  ProviderModelOptions,
  ProviderModelOptionsOf,
  ProviderTokenCounterOf,
} from "./provider.js";
export {
  type ChatModelOptionsFor,
  createRegistry,
  type ModelString,
  type ProviderMap,
  type ProviderOrModel,
  type RegisterOptions,
  Registry,
  registry,
} from "./registry.js";
export { RegistryError } from "./registry-error.js";
