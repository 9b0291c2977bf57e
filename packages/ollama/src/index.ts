/**
 * `@agentscope-ts/ollama`: local models through Ollama's native API for AgentScope-TS: the chat
 * model (thinking, `keep_alive`, model options, structured output), formatters, text embeddings
 * and a registry provider, on the official `ollama` library. Browser-safe: local image paths are
 * read through an injectable `readLocalFile` (by default `node:fs`, imported lazily when needed).
 * The request builder, SDK adapter, response parsers and error helpers are under
 * `@agentscope-ts/ollama/internal` (no semver promise).
 */

/** The formatters' default local-file reader and its type, from `@agentscope-ts/core`. */
export { defaultLocalFileReader, type LocalFileReader } from "@agentscope-ts/core";
export {
  OllamaTextEmbedding,
  type OllamaTextEmbeddingOptions,
} from "./embedding/ollama-text-embedding.js";
export {
  OllamaChatFormatter,
  type OllamaChatFormatterOptions,
} from "./formatter/ollama-chat-formatter.js";
export type { OllamaMediaIO, OllamaMediaOptions } from "./formatter/ollama-media.js";
export type { OllamaMessage, OllamaToolCall } from "./formatter/ollama-message.js";
export {
  DEFAULT_CONVERSATION_HISTORY_PROMPT,
  OllamaMultiAgentFormatter,
  type OllamaMultiAgentFormatterOptions,
} from "./formatter/ollama-multi-agent-formatter.js";
export {
  OllamaChatModel,
  type OllamaChatModelCallOptions,
  type OllamaChatModelOptions,
} from "./model/ollama-chat-model.js";
export {
  createOllamaClient,
  OllamaClient,
  type OllamaClientKwargs,
} from "./model/ollama-client.js";
export {
  type OllamaProvider,
  type OllamaProviderModelOptions,
  type OllamaProviderOptions,
  ollama,
} from "./provider/ollama-provider.js";
