/**
 * `@agentscope-ts/anthropic`: Claude on Anthropic's native Messages API for AgentScope-TS: the
 * chat model (extended thinking with signatures, prompt-cache usage), formatters, token counter
 * and a registry provider. Browser-safe: local images are read through an injectable
 * `readLocalFile` (by default `node:fs`, imported lazily when needed). Request builders and
 * response parsers are under `@agentscope-ts/anthropic/internal` (no semver promise).
 */

/** The formatters' default local-file reader and its type, from `@agentscope-ts/core`. */
export {
  defaultLocalFileReader,
  type LocalFileReader,
  STRUCTURED_OUTPUT_TOOL_NAME,
  structuredOutputTool,
} from "@agentscope-ts/core";
export {
  AnthropicChatFormatter,
  type AnthropicChatFormatterOptions,
  type AnthropicMessage,
} from "./formatter/anthropic-chat-formatter.js";
export type {
  AnthropicBase64ImageSource,
  AnthropicContentBlockParam,
  AnthropicImageBlockParam,
  AnthropicThinkingBlockParam,
  AnthropicToolResultBlockParam,
  AnthropicToolResultPart,
} from "./formatter/anthropic-message.js";
export {
  AnthropicMultiAgentFormatter,
  type AnthropicMultiAgentFormatterOptions,
  DEFAULT_CONVERSATION_HISTORY_PROMPT,
} from "./formatter/anthropic-multi-agent-formatter.js";
export {
  AnthropicChatModel,
  type AnthropicChatModelCallOptions,
  type AnthropicChatModelOptions,
} from "./model/anthropic-chat-model.js";
export {
  type AnthropicProvider,
  type AnthropicProviderModelOptions,
  type AnthropicProviderOptions,
  anthropic,
} from "./provider/anthropic-provider.js";
export {
  AnthropicTokenCounter,
  type AnthropicTokenCounterOptions,
} from "./token/anthropic-token-counter.js";
