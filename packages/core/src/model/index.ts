export { abortableSleep, interruptedErrorFrom } from "./abortable-sleep.js";
export type { AttemptLimits } from "./attempt-control.js";
export {
  ChatModelBase,
  type ChatModelBaseOptions,
  type ChatModelCallOptions,
  type ChatModelRequest,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type StructuredChatResponse,
} from "./chat-model-base.js";
export type { ChatResponse, ChatResponseBlock, ChatUsage } from "./chat-response.js";
export {
  ChatResponseAccumulator,
  type ChatResponseAccumulatorOptions,
  type ToolCallDelta,
} from "./chat-response-accumulator.js";
export { sumChatUsage } from "./chat-usage.js";
export { type CreateChatResponseOptions, createChatResponse } from "./create-chat-response.js";
export {
  isNetworkError,
  isRetryableError,
  isRetryableStatus,
  type NormalizeModelErrorOptions,
  normalizeModelError,
  urlHost,
} from "./model-errors.js";
export { parsePartialJson, parseStreamingJsonDict } from "./partial-json.js";
export {
  type HeadersLike,
  parseRetryAfter,
  parseRetryAfterMs,
  retryAfterMsFromHeaders,
} from "./retry-after.js";
export { type RetryInfo, type RetryOptions, retryWithBackoff } from "./retry-with-backoff.js";
export {
  DEFAULT_MAX_SSE_EVENT_CHARS,
  DEFAULT_SSE_DRAIN_AFTER_DONE_MS,
  type ReadServerSentEventsOptions,
  readServerSentEvents,
  type ServerSentEvent,
  ServerSentEventReader,
} from "./server-sent-events.js";
export {
  TOOL_CHOICE_MODES,
  type ToolChoice,
  toolNames,
  validateToolChoice,
} from "./tool-choice.js";
export {
  checkToolCallsComplete,
  isCutJsonObject,
  truncatedToolCall,
} from "./truncated-tool-call.js";
