/**
 * `@agentscope-ts/gemini/internal`: the package's building blocks, for tests, tooling and provider
 * authors: the typed adapter from AgentScope's wire contents to the `@google/genai` SDK, the tool
 * and schema converters, the response parsers and the error helpers. No semver promise: these
 * change with the package's internals, in any release. Apps use the main entry.
 */

export {
  formatGeminiMediaBlock,
  geminiMediaIO,
  toGeminiInlineData,
} from "./formatter/gemini-media.js";
export { flattenJsonSchema } from "./model/flatten-json-schema.js";
export { geminiResponseSchema } from "./model/gemini-chat-model.js";
export { geminiBaseUrl, normalizeGeminiError, retryInfoDelayMs } from "./model/gemini-errors.js";
export {
  type GeminiParseSettings,
  type GeminiResponseData,
  type GeminiStreamOutcome,
  geminiFinishInfo,
  geminiUsage,
  parseGenerateContentResponse,
  parseGenerateContentStream,
} from "./model/gemini-response-parser.js";
export { toSdkContents, toSdkThinkingConfig, toSdkTools } from "./model/gemini-sdk-contents.js";
export {
  formatGeminiToolChoice,
  formatGeminiTools,
  type GeminiFunctionDeclaration,
  type GeminiTool,
  type GeminiToolConfig,
} from "./model/gemini-tools.js";
export { type PartialArg, PartialArgsWriter } from "./model/partial-args.js";
