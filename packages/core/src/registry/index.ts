export { type ParsedModelString, parseModelString } from "./parse-model-string.js";
export type { FormatterKind, Provider, ProviderModelOptions } from "./provider.js";
export { createRegistry, type RegisterOptions, Registry, registry } from "./registry.js";
export { RegistryError } from "./registry-error.js";
