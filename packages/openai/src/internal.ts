/**
 * `@agentscope-ts/openai/internal`: the building blocks of the OpenAI models and formatters
 * (request builders and the SDK adapters, response parsers, the SSE reader, media helpers), for
 * tests, benchmarks and provider authors who reuse them. No semver promise: anything here may
 * change or go in any release. Apps use the package's main entry.
 */

export { historyText } from "./formatter/history-text.js";
export { mediaIO } from "./formatter/openai-chat-formatter.js";
export { roleMessage } from "./formatter/openai-chat-message.js";
export {
  formatOpenAIImageBlock,
  isWebUrl,
  type MediaIO,
  toOpenAIAudioData,
  toOpenAIImageUrl,
} from "./formatter/openai-media.js";
export { formatResponseImageBlock } from "./formatter/openai-response-chat-formatter.js";
export { reasoningInputItems } from "./formatter/openai-response-reasoning-items.js";
export {
  type ParseSettings,
  parseChatCompletion,
  parseChatCompletionStream,
  type StreamOutcome,
} from "./model/chat-completions-parser.js";
export {
  buildChatRequest,
  type ChatCompletionBody,
  type ChatRequestSettings,
  formatAudioForQwenOmni,
  formatToolChoice,
  isToolChoiceMode,
  toChatCompletionParams,
} from "./model/chat-completions-request.js";
export { kwargsFields } from "./model/generate-kwargs.js";
export { abortOptions, createOpenAIClient } from "./model/openai-client.js";
export { loadOpenAISdk } from "./model/openai-sdk.js";
export {
  isRetryableResponsesError,
  parseResponsesResponse,
  parseResponsesStream,
  type ResponsesParseSettings,
  type ResponsesStreamOutcome,
  responsesUsage,
} from "./model/responses-parser.js";
export {
  buildResponsesRequest,
  formatResponseToolChoice,
  formatResponseTools,
  type ResponsesBody,
  type ResponsesRequestSettings,
  textFormatFor,
  toResponseCreateParams,
} from "./model/responses-request.js";
export {
  type JsonEvent,
  MAX_SSE_EVENT_CHARS,
  readJsonEvents,
  readJsonPayloads,
  type SseWireState,
} from "./model/sse-json-events.js";
export {
  fitsSchema,
  responseFormatFor,
  STRUCTURED_OUTPUT_TOOL_NAME,
  structuredModelName,
  structuredOutputTool,
} from "./model/structured-output.js";
export { loadStrictJsonSchema, strictJsonSchemaOf } from "./model/structured-output-schema.js";
