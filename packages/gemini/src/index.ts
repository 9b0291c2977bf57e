/**
 * `@agentscope-ts/gemini`: Google Gemini for AgentScope-TS on the official `@google/genai` SDK:
 * the chat model, formatters, token counter, text embeddings and the registry provider.
 * Browser-safe: local media files are read through an injectable `readLocalFile` (by default
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
  type GeminiContent,
} from "./formatter/gemini-chat-formatter.js";
export {
  formatGeminiMediaBlock,
  GEMINI_SUPPORTED_EXTENSIONS,
  type GeminiInlineData,
  type GeminiMediaIO,
  type GeminiMediaOptions,
  toGeminiInlineData,
} from "./formatter/gemini-media.js";
export {
  DEFAULT_CONVERSATION_HISTORY_PROMPT,
  GeminiMultiAgentFormatter,
  type GeminiMultiAgentFormatterOptions,
} from "./formatter/gemini-multi-agent-formatter.js";
export { flattenJsonSchema } from "./model/flatten-json-schema.js";
export {
  createGeminiClient,
  GeminiChatModel,
  type GeminiChatModelCallOptions,
  type GeminiChatModelOptions,
  geminiResponseSchema,
} from "./model/gemini-chat-model.js";
export { normalizeGeminiError, retryInfoDelayMs } from "./model/gemini-errors.js";
export {
  formatGeminiToolChoice,
  formatGeminiTools,
  type GeminiToolConfig,
  toSdkContents,
} from "./model/gemini-request.js";
export {
  type GeminiProvider,
  type GeminiProviderModelOptions,
  type GeminiProviderOptions,
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
