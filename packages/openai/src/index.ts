/**
 * `@agentscope-ts/openai`: OpenAI and OpenAI-compatible servers (DeepSeek, vLLM, DashScope
 * compatible mode, Ollama `/v1`, xAI) for AgentScope-TS: the chat model, formatters, token
 * counter, text embeddings and registry providers; the Responses API through
 * `OpenAIResponseModel` and the `OpenAIResponse*Formatter`s. Browser-safe: local media files are read
 * through an injectable `readLocalFile` (by default `node:fs`, imported lazily when needed).
 * Request builders, response parsers and media helpers are under `@agentscope-ts/openai/internal`
 * (no semver promise).
 */

/** The formatters' default local-file reader and its type, from `@agentscope-ts/core`. */
export { defaultLocalFileReader, type LocalFileReader } from "@agentscope-ts/core";
export {
  OpenAITextEmbedding,
  type OpenAITextEmbeddingOptions,
} from "./embedding/openai-text-embedding.js";
export { DeepSeekChatFormatter } from "./formatter/deepseek-chat-formatter.js";
export {
  DeepSeekMultiAgentFormatter,
  type DeepSeekMultiAgentFormatterOptions,
} from "./formatter/deepseek-multi-agent-formatter.js";
export { DEFAULT_CONVERSATION_HISTORY_PROMPT } from "./formatter/history-text.js";
export {
  OpenAIChatFormatter,
  type OpenAIChatFormatterOptions,
  type OpenAIMediaOptions,
} from "./formatter/openai-chat-formatter.js";
export type {
  OpenAIAssistantMessage,
  OpenAIChatMessage,
  OpenAIMessage,
  OpenAISystemMessage,
  OpenAIToolCall,
  OpenAIToolMessage,
  OpenAIUserMessage,
} from "./formatter/openai-chat-message.js";
export {
  OpenAIMultiAgentFormatter,
  type OpenAIMultiAgentFormatterOptions,
} from "./formatter/openai-multi-agent-formatter.js";
export {
  OpenAIResponseChatFormatter,
  type OpenAIResponseChatFormatterOptions,
} from "./formatter/openai-response-chat-formatter.js";
export type {
  OpenAIResponseContentPart,
  OpenAIResponseImagePart,
  OpenAIResponseInputItem,
  OpenAIResponseMessage,
  OpenAIResponseOutputTextPart,
} from "./formatter/openai-response-input.js";
export {
  OpenAIResponseMultiAgentFormatter,
  type OpenAIResponseMultiAgentFormatterOptions,
} from "./formatter/openai-response-multi-agent-formatter.js";
export {
  REASONING_ITEMS_KEY,
  type ReasoningItemRef,
} from "./formatter/openai-response-reasoning-items.js";
export {
  OpenAIChatModel,
  type OpenAIChatModelCallOptions,
  type OpenAIChatModelOptions,
} from "./model/openai-chat-model.js";
export type { OpenAIClientOptions } from "./model/openai-client.js";
export {
  OpenAIResponseModel,
  type OpenAIResponseModelCallOptions,
  type OpenAIResponseModelOptions,
} from "./model/openai-response-model.js";
export type { OpenAIResponseFunctionTool } from "./model/responses-request.js";
export {
  deepseek,
  type OpenAIProvider,
  type OpenAIProviderEmbeddingOptions,
  type OpenAIProviderMessage,
  type OpenAIProviderModelOptions,
  type OpenAIProviderOptions,
  type OpenAIProviderTTSOptions,
  openai,
} from "./provider/openai-provider.js";
export {
  OpenAIRealtimeTranslator,
  type OpenAIServerEvent,
} from "./realtime/openai-realtime-events.js";
export {
  OPENAI_REALTIME_SAMPLE_RATE,
  OpenAIRealtimeModel,
  type OpenAIRealtimeModelOptions,
  type OpenAIRealtimeSocketOptions,
  type OpenAIRealtimeVoice,
} from "./realtime/openai-realtime-model.js";
export {
  OpenAITokenCounter,
  type OpenAITokenCounterOptions,
} from "./token/openai-token-counter.js";
export { TiktokenNotInstalledError } from "./token/tiktoken-not-installed-error.js";
export {
  type OpenAIFileToolOptions,
  openaiAudioToText,
  openaiCreateImageVariation,
  openaiEditImage,
} from "./tool/openai-file-tools.js";
export {
  type OpenAIToolOptions,
  openaiImageToText,
  openaiTextToAudio,
  openaiTextToImage,
} from "./tool/openai-multimodal-tools.js";
export {
  OPENAI_TTS_SAMPLE_RATE,
  type OpenAITTSCallOptions,
  type OpenAITTSFormat,
  OpenAITTSModel,
  type OpenAITTSModelOptions,
} from "./tts/openai-tts-model.js";
export { MAX_WAV_HEADER_BYTES, WavStreamReader } from "./tts/wav-stream-reader.js";
