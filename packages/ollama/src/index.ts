/**
 * `@agentscope-ts/ollama`: local models through Ollama's native API for AgentScope-TS: the chat
 * model (thinking, `keep_alive`, model options, structured output), formatters, text embeddings
 * and a registry provider, on the official `ollama` library. Browser-safe: local image paths are
 * read through an injectable `readLocalFile` (by default `node:fs`, imported lazily when needed).
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
  type OllamaMediaOptions,
  type OllamaMessage,
} from "./formatter/ollama-chat-formatter.js";
export { formatOllamaImageBlock, type OllamaMediaIO } from "./formatter/ollama-media.js";
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
export { normalizeOllamaError, type OllamaErrorContext } from "./model/ollama-errors.js";
export { buildChatRequest, type OllamaChatBody } from "./model/ollama-request.js";
export {
  type OllamaProvider,
  type OllamaProviderModelOptions,
  type OllamaProviderOptions,
  ollama,
} from "./provider/ollama-provider.js";
