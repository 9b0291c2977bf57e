/**
 * `@agentscope-ts/gemini`: Google Gemini for AgentScope-TS on the official `@google/genai` SDK:
 * the chat model, formatters, token counter, text embeddings and the registry provider.
 * Request builders, SDK adapters, response parsers and error helpers are under
 * `@agentscope-ts/gemini/internal` (no semver promise). Browser-safe: local media files are read through an injectable `readLocalFile` (by default
 * `node:fs`, imported lazily when needed).
 */

/** The formatters' default local-file reader and its type, from `@agentscope-ts/core`. */
export { defaultLocalFileReader, type LocalFileReader } from "@agentscope-ts/core";
export {
  GeminiTextEmbedding,
  type GeminiTextEmbeddingOptions,
} from "./embedding/gemini-text-embedding.js";
export {
  GeminiChatFormatter,
  type GeminiChatFormatterOptions,
} from "./formatter/gemini-chat-formatter.js";
export type {
  GeminiContent,
  GeminiFunctionCall,
  GeminiInlineData,
  GeminiPart,
  GeminiThinkingConfig,
  SnakeCased,
} from "./formatter/gemini-content.js";
export {
  GEMINI_SUPPORTED_EXTENSIONS,
  type GeminiMediaIO,
  type GeminiMediaOptions,
} from "./formatter/gemini-media.js";
export {
  DEFAULT_CONVERSATION_HISTORY_PROMPT,
  GeminiMultiAgentFormatter,
  type GeminiMultiAgentFormatterOptions,
} from "./formatter/gemini-multi-agent-formatter.js";
export {
  createGeminiClient,
  GeminiChatModel,
  type GeminiChatModelCallOptions,
  type GeminiChatModelOptions,
} from "./model/gemini-chat-model.js";
export {
  type GeminiProvider,
  type GeminiProviderEmbeddingOptions,
  type GeminiProviderModelOptions,
  type GeminiProviderOptions,
  type GeminiProviderTTSOptions,
  gemini,
} from "./provider/gemini-provider.js";
export { type GeminiLiveMessage, GeminiLiveTranslator } from "./realtime/gemini-live-events.js";
export {
  GEMINI_LIVE_INPUT_SAMPLE_RATE,
  GEMINI_LIVE_OUTPUT_SAMPLE_RATE,
  GeminiRealtimeModel,
  type GeminiRealtimeModelOptions,
} from "./realtime/gemini-realtime-model.js";
export {
  GeminiTokenCounter,
  type GeminiTokenCounterOptions,
} from "./token/gemini-token-counter.js";
export {
  GEMINI_TTS_SAMPLE_RATE,
  type GeminiTTSCallOptions,
  GeminiTTSModel,
  type GeminiTTSModelOptions,
} from "./tts/gemini-tts-model.js";
