/**
 * @agentscope-ts/llama-cpp: the embedded local model for AgentScope-TS. A chat model, formatters,
 * embeddings and a model downloader on node-llama-cpp (GGUF files, no server, no API key). The
 * chat-history and JSON-schema-grammar converters are under `@agentscope-ts/llama-cpp/internal`
 * (no semver promise).
 */
export {
  DEFAULT_MODEL,
  defaultModelDir,
  type ModelSpec,
  SMALL_MODEL,
} from "./download/default-model.js";
export {
  type DownloadProgress,
  formatProgressLine,
  type ProgressStream,
  terminalProgress,
} from "./download/download-progress.js";
export { type EnsureModelOptions, ensureModel, resolveModelUri } from "./download/ensure-model.js";
export {
  ModelDownloadError,
  type ModelDownloadErrorOptions,
} from "./download/model-download-error.js";
export {
  LlamaCppEmbedding,
  type LlamaCppEmbeddingOptions,
} from "./embedding/llama-cpp-embedding.js";
export {
  LlamaCppChatFormatter,
  type LlamaCppChatFormatterOptions,
} from "./formatter/llama-cpp-chat-formatter.js";
export type {
  LlamaCppAssistantMessage,
  LlamaCppMessage,
  LlamaCppModelInput,
  LlamaCppSystemMessage,
  LlamaCppToolCall,
  LlamaCppToolMessage,
  LlamaCppUserMessage,
} from "./formatter/llama-cpp-message.js";
export {
  DEFAULT_CONVERSATION_HISTORY_PROMPT,
  LlamaCppMultiAgentFormatter,
  type LlamaCppMultiAgentFormatterOptions,
} from "./formatter/llama-cpp-multi-agent-formatter.js";
export {
  type LlamaCppChatCallOptions,
  LlamaCppChatModel,
  type LlamaCppChatModelOptions,
  type LlamaCppGenerateKwargs,
} from "./model/llama-cpp-chat-model.js";
export { type LlamaCppProviderOptions, llamaCpp } from "./provider/llama-cpp-provider.js";
export {
  defaultThreads,
  getSharedLlama,
  type LlamaRuntimeOptions,
} from "./runtime/shared-llama.js";
