/**
 * `@agentscope-ts/ollama/internal`: the package's building blocks, for tests, tooling and provider
 * authors: the `/api/chat` request builder and its typed adapter to the `ollama` library, the
 * response parsers, the image block formatter and the error helpers. No semver promise: these
 * change with the package's internals, in any release. Apps use the main entry.
 */

export { formatOllamaImageBlock, ollamaMediaIO } from "./formatter/ollama-media.js";
export {
  buildChatRequest,
  type OllamaChatBody,
  type OllamaRequestSettings,
  toSdkChatRequest,
} from "./model/ollama-chat-request.js";
export { readEnv } from "./model/ollama-client.js";
export {
  NO_DONE_MESSAGE,
  normalizeOllamaError,
  type OllamaErrorContext,
} from "./model/ollama-errors.js";
export {
  type OllamaChatChunk,
  type OllamaParseSettings,
  type OllamaStreamOutcome,
  parseChatResponse,
  parseChatStream,
} from "./model/ollama-response-parser.js";
