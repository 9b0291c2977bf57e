import {
  normalizeProviderError,
  TokenCounterBase,
  type ToolFunctionSchema,
} from "@agentscope-ts/core";
import Anthropic from "@anthropic-ai/sdk";
import type { AnthropicMessage } from "../formatter/anthropic-message.js";
import { type CountTokensBody, formatTools } from "../model/messages-request.js";
import { toCountTokensParams } from "../model/messages-sdk-params.js";

/** Options of {@link AnthropicTokenCounter} (AgentScope's keyword arguments, camelCased). */
export interface AnthropicTokenCounterOptions {
  /** The model whose tokenizer counts, e.g. `"claude-sonnet-4-5"`. */
  modelName: string;
  /** The API key; defaults to `ANTHROPIC_API_KEY` (read by the SDK). */
  apiKey?: string;
  /** The API base URL. */
  baseURL?: string;
  /** More options of the SDK client (AgentScope's `**kwargs`). */
  clientKwargs?: Record<string, unknown>;
  /** Use this client instead of building one. */
  client?: Anthropic;
}

/**
 * AgentScope's `AnthropicTokenCounter`: counts the tokens of formatted messages (and tools) with
 * the API's `messages.countTokens` (`/v1/messages/count_tokens`), so the count is Claude's own.
 * A leading system message is sent as `system` (its content), and OpenAI-style tool schemas as
 * Anthropic tools; the caller's array is not changed. Multimodal data must be base64 (as the API
 * requires). Failures reject with core's `ModelError`.
 */
export class AnthropicTokenCounter extends TokenCounterBase<AnthropicMessage> {
  /** The model whose tokens are counted. */
  readonly modelName: string;
  /** The SDK client. */
  readonly client: Anthropic;

  constructor(options: AnthropicTokenCounterOptions) {
    super();
    this.modelName = options.modelName;
    this.client =
      options.client ??
      new Anthropic({
        ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
        ...(options.baseURL !== undefined ? { baseURL: options.baseURL } : {}),
        ...options.clientKwargs,
      });
  }

  /** The input tokens of `messages` (a formatter's output) and `tools`, as the API counts them. */
  async count(
    messages: readonly AnthropicMessage[],
    tools?: readonly unknown[],
    extra: Record<string, unknown> = {},
  ): Promise<number> {
    const [first, ...others] = messages;
    const hasSystem = first?.role === "system";
    const body: CountTokensBody = {
      model: this.modelName,
      ...extra,
      ...(hasSystem ? { system: first.content } : {}),
      messages: hasSystem ? others : [...messages],
    };
    if (tools && tools.length > 0) body.tools = anthropicTools(tools);
    try {
      const result = await this.client.messages.countTokens(toCountTokensParams(body));
      return result.input_tokens;
    } catch (error) {
      throw normalizeProviderError(error, { provider: "anthropic", baseURL: this.client.baseURL });
    }
  }
}

/** Whether `tool` is an OpenAI-style function schema (what `Toolkit.getJsonSchemas()` gives). */
function isFunctionSchema(tool: unknown): tool is ToolFunctionSchema {
  return (
    tool !== null &&
    typeof tool === "object" &&
    "type" in tool &&
    tool.type === "function" &&
    "function" in tool &&
    Boolean(tool.function)
  );
}

/** Tools as the API takes them: OpenAI-style function schemas are converted, others kept. */
function anthropicTools(tools: readonly unknown[]): unknown[] {
  return tools.map((tool) => (isFunctionSchema(tool) ? formatTools([tool])[0] : tool));
}
