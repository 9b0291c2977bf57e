export { limitOption, limitOrDefault } from "../utils/limit-option.js";
export { nodeBuiltin } from "../utils/node-builtin.js";
export { signalController } from "../utils/signal-controller.js";
export { type ApiToolSpec, apiKeyParam, apiTool, urlList, urlListParam } from "./api-tool.js";
export {
  BatchedTextEmbeddingBase,
  type TextEmbeddingDefaults,
} from "./batched-text-embedding.js";
export { functionToolCall, toolResultText, toolRoleMessage } from "./chat-formatter-pieces.js";
export { batchSizeOption, embedInBatches } from "./embed-batches.js";
export { guardedStream, type StreamGuard, streamBreakError } from "./guarded-stream.js";
export {
  type HistoryPiece,
  type HistoryPiecesOptions,
  historyPieces,
} from "./history-pieces.js";
export { jsonResponseBody } from "./json-response-body.js";
export { lazyStream } from "./lazy-stream.js";
export {
  MultiAgentFormatterBase,
  type MultiAgentFormatterBaseOptions,
} from "./multi-agent-formatter-base.js";
export { DEFAULT_CONVERSATION_HISTORY_PROMPT } from "./multi-agent-history.js";
export { nodeHttpFetch } from "./node-http-fetch.js";
export {
  definedFields,
  type FormatterClass,
  type ProviderEntryCommon,
  type ProviderEntryParts,
  type ProviderWithoutChatParts,
  providerEntry,
} from "./provider-entry.js";
export {
  normalizeProviderError,
  type ProviderApiFailure,
  type ProviderErrorOptions,
  type ProviderHttpFailure,
  statusHttpFailure,
} from "./provider-error.js";
export type {
  ProviderCallOptions,
  ProviderChatModelOptions,
  ProviderEmbeddingOptions,
} from "./provider-model-options.js";
export {
  type ProviderRealtimeDefaults,
  ProviderRealtimeModelBase,
  type ProviderRealtimeModelOptions,
} from "./provider-realtime-model.js";
export {
  type ProviderChatModelOptionsOf,
  type ProviderClientOptions,
  type ProviderOptionsWithId,
  providerClient,
} from "./provider-settings.js";
export {
  type ProviderTTSCallOptions,
  type ProviderTTSDefaults,
  ProviderTTSModelBase,
  type ProviderTTSModelOptions,
} from "./provider-tts-model.js";
export { renamedOption } from "./renamed-option.js";
export { checkRequestMessages, type RequestMessageShape } from "./request-messages.js";
export { returnOf, StreamIterator } from "./stream-iterator.js";
export {
  callStructured,
  fitsSchema,
  type StructuredFallback,
  type StructuredMode,
  type StructuredStreamOutcome,
  type StructuredStreamReader,
  streamStructured,
} from "./structured-fallback.js";
export { isBadRequest, isToolChoiceRejection } from "./structured-output-fallback.js";
export { STRUCTURED_OUTPUT_TOOL_NAME, structuredOutputTool } from "./structured-output-tool.js";
export {
  type ResolvedThinking,
  resolveThinking,
  resolveThinkingOrAlias,
  type ThinkingOption,
  type ThinkingSettings,
  unsupportedThinking,
} from "./thinking.js";
export { formatToolChat, type ToolChatSpec } from "./tool-chat-messages.js";
export { type ToolFormatterSource, toolFormatterOptions } from "./tool-formatter-options.js";
