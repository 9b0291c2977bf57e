/**
 * `@agentscope-ts/huggingface`: Hugging Face models through transformers.js for AgentScope-TS:
 * exact token counts through a model's chat template (`HuggingFaceTokenCounter`), local
 * sentence embeddings on ONNX Runtime (`TransformersTextEmbedding`) and the `huggingface()`
 * registry provider. Loads from local folders or the hub; Node file checks are imported lazily.
 */
export {
  type EmbeddingPooling,
  TransformersTextEmbedding,
  type TransformersTextEmbeddingOptions,
} from "./embedding/transformers-text-embedding.js";
export {
  applyMirror,
  HF_MIRROR,
  type HubOptions,
  pretrainedOptions,
} from "./loading/hub-options.js";
export { HuggingFaceModelNotFoundError } from "./loading/model-not-found-error.js";
export {
  looksLikePath,
  type ModelSource,
  type ResolveModelOptions,
  resolveModelSource,
} from "./loading/model-source.js";
export {
  type HuggingFaceProviderOptions,
  huggingface,
} from "./provider/huggingface-provider.js";
export {
  HuggingFaceTokenCounter,
  type HuggingFaceTokenCounterOptions,
  TOKENIZER_FILES,
} from "./token/huggingface-token-counter.js";
export {
  hasNullContent,
  type NullContent,
  toTemplateMessages,
} from "./token/template-messages.js";
