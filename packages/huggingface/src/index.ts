/**
 * `@agentscope-ts/huggingface`: Hugging Face models through transformers.js for AgentScope-TS:
 * exact token counts through a model's chat template (`HuggingFaceTokenCounter`), local
 * sentence embeddings on ONNX Runtime (`TransformersTextEmbedding`) and the `huggingface()`
 * registry provider. Loads from local folders or the hub; Node file checks are imported lazily.
 * The loading and template helpers are under `@agentscope-ts/huggingface/internal` (no semver
 * promise).
 */
export {
  type EmbeddingPooling,
  TransformersTextEmbedding,
  type TransformersTextEmbeddingOptions,
} from "./embedding/transformers-text-embedding.js";
export { HF_MIRROR, type HubOptions } from "./loading/hub-options.js";
export { HuggingFaceModelNotFoundError } from "./loading/model-not-found-error.js";
export {
  type HuggingFaceProvider,
  type HuggingFaceProviderEmbeddingOptions,
  type HuggingFaceProviderOptions,
  huggingface,
} from "./provider/huggingface-provider.js";
export {
  HuggingFaceTokenCounter,
  type HuggingFaceTokenCounterOptions,
} from "./token/huggingface-token-counter.js";
export type { ChatTemplateMessage } from "./token/template-messages.js";
