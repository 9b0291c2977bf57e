/**
 * `@agentscope-ts/openai`: OpenAI and OpenAI-compatible servers (DeepSeek, vLLM, DashScope
 * compatible mode, Ollama `/v1`, xAI) for AgentScope-TS: the chat model, formatters, token
 * counter, text embeddings and registry providers; the Responses API through
 * `OpenAIResponseModel` and the `OpenAIResponse*Formatter`s. Browser-safe: local media files are read
 * through an injectable `readLocalFile` (by default `node:fs`, imported lazily when needed).
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
  type OpenAIMessage,
} from "./formatter/openai-chat-formatter.js";
export {
  formatOpenAIImageBlock,
  type MediaIO,
  toOpenAIAudioData,
  toOpenAIImageUrl,
} from "./formatter/openai-media.js";
export {
  OpenAIMultiAgentFormatter,
  type OpenAIMultiAgentFormatterOptions,
} from "./formatter/openai-multi-agent-formatter.js";
export {
  formatResponseImageBlock,
  OpenAIResponseChatFormatter,
  type OpenAIResponseChatFormatterOptions,
} from "./formatter/openai-response-chat-formatter.js";
export {
  OpenAIResponseMultiAgentFormatter,
  type OpenAIResponseMultiAgentFormatterOptions,
} from "./formatter/openai-response-multi-agent-formatter.js";
export {
  REASONING_ITEMS_KEY,
  type ReasoningItemRef,
  reasoningInputItems,
} from "./formatter/reasoning-items.js";
export { buildChatRequest, formatToolChoice } from "./model/chat-completions-request.js";
export {
  OpenAIChatModel,
  type OpenAIChatModelCallOptions,
  type OpenAIChatModelOptions,
} from "./model/openai-chat-model.js";
export { createOpenAIClient, type OpenAIClientOptions } from "./model/openai-client.js";
export {
  OpenAIResponseModel,
  type OpenAIResponseModelCallOptions,
  type OpenAIResponseModelOptions,
} from "./model/openai-response-model.js";
export {
  buildResponsesRequest,
  formatResponseToolChoice,
  formatResponseTools,
  textFormatFor,
} from "./model/responses-request.js";
export {
  responseFormatFor,
  STRUCTURED_OUTPUT_TOOL_NAME,
  structuredOutputTool,
} from "./model/structured-output.js";
export {
  deepseek,
  type OpenAIProvider,
  type OpenAIProviderModelOptions,
  type OpenAIProviderOptions,
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
