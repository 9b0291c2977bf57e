/**
 * `@agentscope-ts/dashscope`: Qwen and the other models of DashScope (Alibaba Cloud Model Studio)
 * through DashScope's native HTTP API for AgentScope-TS: the chat model (text and multimodal
 * generation, thinking), formatters, text and multimodal embeddings and a registry provider.
 * Browser-safe: local media files are read through an injectable `readLocalFile`. Request
 * builders, parsers and API paths are under `@agentscope-ts/dashscope/internal` (no semver promise).
 */

export { STRUCTURED_OUTPUT_TOOL_NAME, structuredOutputTool } from "@agentscope-ts/core";
export {
  DashScopeMultiModalEmbedding,
  type DashScopeMultiModalEmbeddingOptions,
} from "./embedding/dashscope-multimodal-embedding.js";
export {
  type DashScopeEmbeddingClientOptions,
  DashScopeTextEmbedding,
  type DashScopeTextEmbeddingOptions,
} from "./embedding/dashscope-text-embedding.js";
export {
  DashScopeChatFormatter,
  type DashScopeChatFormatterOptions,
  type DashScopeMessage,
} from "./formatter/dashscope-chat-formatter.js";
export type {
  DashScopeAudioPart,
  DashScopeChatMessage,
  DashScopeContentPart,
  DashScopeImagePart,
  DashScopeTextPart,
  DashScopeToolCall,
  DashScopeToolMessage,
  DashScopeVideoPart,
} from "./formatter/dashscope-message.js";
export {
  DashScopeMultiAgentFormatter,
  type DashScopeMultiAgentFormatterOptions,
  DEFAULT_CONVERSATION_HISTORY_PROMPT,
} from "./formatter/dashscope-multi-agent-formatter.js";
export { defaultLocalFileReader, type LocalFileReader } from "./formatter/local-file-reader.js";
export {
  DashScopeChatModel,
  type DashScopeChatModelCallOptions,
  type DashScopeChatModelOptions,
} from "./model/dashscope-chat-model.js";
export { DashScopeError, type DashScopeErrorOptions } from "./model/dashscope-error.js";
export { DEFAULT_BASE_HTTP_API_URL } from "./model/generation-request.js";
export {
  type DashScopeProvider,
  type DashScopeProviderEmbeddingOptions,
  type DashScopeProviderModelOptions,
  type DashScopeProviderOptions,
  type DashScopeProviderTTSOptions,
  dashscope,
} from "./provider/dashscope-provider.js";
export { DashScopeRealtimeTranslator } from "./realtime/dashscope-realtime-events.js";
export {
  DASHSCOPE_REALTIME_INPUT_SAMPLE_RATE,
  DashScopeRealtimeModel,
  type DashScopeRealtimeModelOptions,
} from "./realtime/dashscope-realtime-model.js";
export {
  type DashScopeToolOptions,
  dashscopeImageToText,
  dashscopeTextToImage,
} from "./tool/dashscope-multimodal-tools.js";
export {
  COSYVOICE_WEBSOCKET_PATH,
  type CosyVoiceEvent,
  type CosyVoiceTaskSettings,
  parseCosyVoiceEvent,
} from "./tts/cosyvoice-protocol.js";
export type { CosyVoiceModelOptions } from "./tts/cosyvoice-setup.js";
export {
  DashScopeCosyVoiceRealtimeTTSModel,
  type DashScopeCosyVoiceRealtimeTTSModelOptions,
} from "./tts/dashscope-cosyvoice-realtime-tts-model.js";
export { DashScopeCosyVoiceTTSModel } from "./tts/dashscope-cosyvoice-tts-model.js";
export {
  DashScopeRealtimeTTSModel,
  type DashScopeRealtimeTTSModelOptions,
} from "./tts/dashscope-realtime-tts-model.js";
export {
  type DashScopeTTSCallOptions,
  DashScopeTTSModel,
  type DashScopeTTSModelOptions,
} from "./tts/dashscope-tts-model.js";
export {
  type ColdStartOptions,
  DASHSCOPE_TTS_SAMPLE_RATE,
  type DashScopeVoiceFormat,
  type DashScopeWebSocketOptions,
  DEFAULT_BASE_WEBSOCKET_API_URL,
  DEFAULT_CONNECT_TIMEOUT_MS,
} from "./tts/dashscope-tts-options.js";
export { REALTIME_WEBSOCKET_PATH } from "./tts/qwen-tts-realtime-protocol.js";
export {
  DashScopeSocket,
  type DashScopeSocketOptions,
  DEFAULT_MAX_QUEUED_BYTES,
  type SocketFrame,
} from "./websocket/dashscope-socket.js";
export {
  defaultWebSocketFactory,
  type WebSocketFactory,
  type WebSocketLike,
} from "./websocket/websocket-factory.js";
