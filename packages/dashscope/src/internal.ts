/**
 * `@agentscope-ts/dashscope/internal`: the building blocks of the DashScope provider (request
 * assembly, HTTP and SSE transport, response parsers, media formatting, API paths), for code that
 * builds on the provider's internals. No semver promise: these change with the provider in any
 * release.
 */
export { MULTIMODAL_EMBEDDING_PATH } from "./embedding/dashscope-multimodal-embedding.js";
export { TEXT_EMBEDDING_PATH } from "./embedding/dashscope-text-embedding.js";
export {
  type DashScopeMediaBlock,
  formatDashScopeMediaBlock,
} from "./formatter/dashscope-media.js";
export { joinAllTextContent } from "./formatter/join-text-content.js";
export { dashScopeErrorFrom, isRetryableDashScopeError } from "./model/dashscope-error.js";
export {
  type DashScopeHttpRequest,
  type DashScopeStreamEvent,
  MAX_EVENT_CHARS,
  postJson,
  postStream,
} from "./model/dashscope-http.js";
export {
  buildGenerationBody,
  checkToolSchemas,
  type DashScopeToolChoice,
  formatDashScopeToolChoice,
  type GenerationBody,
  type GenerationParameters,
  type GenerationRequest,
  type GenerationSettings,
  MULTIMODAL_GENERATION_PATH,
  TEXT_GENERATION_PATH,
  usesMultimodalApi,
} from "./model/generation-request.js";
export {
  type ParseSettings,
  parseGeneration,
  parseGenerationStream,
  type StreamOutcome,
} from "./model/generation-response-parser.js";
