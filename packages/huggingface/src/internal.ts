/**
 * `@agentscope-ts/huggingface/internal`: the building blocks of the Hugging Face provider (model
 * loading, hub options, chat-template message preparation), for code that builds on the
 * provider's internals. No semver promise: these change with the provider in any release.
 */
export { applyMirror, pretrainedOptions } from "./loading/hub-options.js";
export {
  looksLikePath,
  type ModelSource,
  type ResolveModelOptions,
  resolveModelSource,
} from "./loading/model-source.js";
export { TOKENIZER_FILES } from "./token/huggingface-token-counter.js";
export {
  asTransformersConversation,
  hasNullContent,
  type NullContent,
  toTemplateMessages,
} from "./token/template-messages.js";
