/**
 * `@agentscope-ts/anthropic/internal`: the building blocks of the Anthropic provider (request
 * assembly, the SDK adapter, response parsers, image formatting), for code that builds on the
 * provider's internals. No semver promise: these change with the provider in any release.
 */
export { formatAnthropicImageBlock } from "./formatter/anthropic-image-block.js";
export {
  type AnthropicTool,
  buildMessagesRequest,
  type CountTokensBody,
  formatToolChoice,
  formatTools,
  type MessagesBody,
  type MessagesRequestSettings,
} from "./model/messages-request.js";
export {
  type ParseSettings,
  type RedactedThinkingBlock,
  redactedThinkingBlock,
  stopMetadata,
  usageOf,
  type WireUsage,
} from "./model/messages-response-fields.js";
export { parseMessage } from "./model/messages-response-parser.js";
export {
  toCountTokensParams,
  toNonStreamingParams,
  toStreamingParams,
} from "./model/messages-sdk-params.js";
export { parseMessageStream, type StreamOutcome } from "./model/messages-stream-parser.js";
