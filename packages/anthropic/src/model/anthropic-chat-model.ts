import {
  ChatModelBase,
  type ChatModelRequest,
  type ChatResponse,
  definedFields,
  jsonResponseBody,
  lazyStream,
  nodeHttpFetch,
  normalizeProviderError,
  type ProviderApiFailure,
  type ProviderCallOptions,
  type ProviderChatModelOptions,
  STRUCTURED_OUTPUT_TOOL_NAME,
  structuredOutputTool,
  type ThinkingOption,
  ValidationError,
} from "@agentscope-ts/core";
import Anthropic from "@anthropic-ai/sdk";
import type { AnthropicMessage } from "../formatter/anthropic-message.js";
import { type AnthropicThinkingParam, anthropicThinking } from "./anthropic-thinking.js";
import {
  buildMessagesRequest,
  formatToolChoice,
  formatTools,
  type MessagesBody,
} from "./messages-request.js";
import type { ParseSettings } from "./messages-response-fields.js";
import { parseMessage } from "./messages-response-parser.js";
import { toNonStreamingParams, toStreamingParams } from "./messages-sdk-params.js";
import { parseMessageStream, type StreamOutcome } from "./messages-stream-parser.js";

/** Options of {@link AnthropicChatModel} (AgentScope's keyword arguments, camelCased). */
export interface AnthropicChatModelOptions extends ProviderChatModelOptions {
  /** The most tokens the model may generate (`max_tokens`). Default 2048. */
  maxTokens?: number;
  /**
   * Claude's extended thinking, sent as `thinking` unless `generateKwargs` has one:
   * `{ budgetTokens: 1024 }` (or `true`, with that smallest budget) enables it, `false` disables
   * it; the API's own object (`{ type: "enabled", budget_tokens: 1024 }`) is sent as it is.
   */
  thinking?: ThinkingOption | AnthropicThinkingParam;
  /**
   * More options of the SDK client (`defaultHeaders`, `fetch`…). `maxRetries` is always 0:
   * {@link ChatModelBase} does the retrying. `fetch` defaults to core's `nodeHttpFetch` (plain
   * requests over `node:http` under Node; pass `fetch: globalThis.fetch` to use the platform's).
   */
  clientKwargs?: Record<string, unknown>;
  /** Use this client instead of building one (its own retries should be off). */
  client?: Anthropic;
}

/** Options of one {@link AnthropicChatModel} call. */
export type AnthropicChatModelCallOptions = ProviderCallOptions;

type Request = ChatModelRequest<AnthropicChatModelCallOptions>;

/** Error types Anthropic sends in a stream's `error` event that are worth retrying. */
const RETRYABLE_STREAM_ERRORS: Record<string, number> = {
  overloaded_error: 529,
  rate_limit_error: 429,
  api_error: 500,
};

/** An `error` event inside a stream (an SDK `APIError` without status): its type says whether to retry. */
function streamErrorEvent(error: unknown): ProviderApiFailure | undefined {
  if (!(error instanceof Anthropic.APIError)) return undefined;
  const type =
    error.type ?? (error.error as { error?: { type?: unknown } } | undefined)?.error?.type;
  return {
    message: error.message,
    status: typeof type === "string" ? RETRYABLE_STREAM_ERRORS[type] : undefined,
  };
}

/**
 * AgentScope's `AnthropicChatModel` on the official `@anthropic-ai/sdk`: Claude's Messages API,
 * streaming or not. The leading system message becomes `system`; tools go as `{name, description,
 * input_schema}` and `toolChoice` maps to `auto|none|any|tool`; extended `thinking` blocks keep
 * their `signature` (redacted thinking survives as a `redacted_data` block) so they can be sent
 * back unchanged; usage keeps the cache read/write tokens in `usage.metadata`; `stop_reason` goes
 * in `metadata`; structured output is a forced `generate_structured_output` tool call whose input
 * is the `metadata`. Retries (429 and 529 overloaded honouring `retry-after`; 4xx not), timeout
 * and abort come from {@link ChatModelBase}.
 */
export class AnthropicChatModel extends ChatModelBase<
  AnthropicMessage,
  AnthropicChatModelCallOptions
> {
  readonly provider: string;
  /** The SDK client. */
  readonly client: Anthropic;
  /** `max_tokens` of each request. */
  maxTokens: number;
  /** `thinking` sent with each request, unless `generateKwargs` has one. */
  thinking: Record<string, unknown> | undefined;
  /** Whether tool arguments are repaired while streaming. */
  streamToolParsing: boolean;
  /** Extra request fields sent with every call. */
  generateKwargs: Record<string, unknown>;

  constructor(options: AnthropicChatModelOptions) {
    super(options);
    this.provider = options.provider ?? "anthropic";
    const maxTokens = options.maxTokens ?? 2048;
    if (!Number.isInteger(maxTokens) || maxTokens <= 0) {
      throw new ValidationError(
        "AnthropicChatModel options",
        [
          {
            path: "maxTokens",
            message: `expected a positive integer, received ${String(maxTokens)}`,
          },
        ],
        { hint: "Pass the most tokens Claude may generate per call, e.g. maxTokens: 4096." },
      );
    }
    this.maxTokens = maxTokens;
    this.thinking = anthropicThinking(options.thinking);
    this.streamToolParsing = options.streamToolParsing ?? true;
    this.generateKwargs = { ...options.generateKwargs };
    this.client =
      options.client ??
      new Anthropic({
        ...definedFields({ apiKey: options.apiKey, baseURL: options.baseURL }),
        fetch: nodeHttpFetch,
        ...options.clientKwargs,
        maxRetries: 0,
      });
  }

  // Not a generator: each chunk goes from the parser to the caller without a layer of ours.
  protected override doStream(
    messages: readonly AnthropicMessage[],
    request: Request,
  ): AsyncGenerator<ChatResponse, void, undefined> {
    const startTime = Date.now();
    return lazyStream(async () => {
      const params = toStreamingParams(this.requestBody(messages, request));
      const stream = await this.client.messages.create(params, { signal: request.signal });
      const outcome: StreamOutcome = { yielded: 0 };
      return this.guardStream(
        parseMessageStream(stream, this.settings(startTime, request), outcome),
        request.signal,
        outcome,
      );
    });
  }

  protected override async doCall(
    messages: readonly AnthropicMessage[],
    request: Request,
  ): Promise<ChatResponse> {
    const startTime = Date.now();
    const params = toNonStreamingParams(this.requestBody(messages, request));
    // The SDK sends the request; the body is read without its parsing (see jsonResponseBody).
    const response = await this.client.messages
      .create(params, { signal: request.signal })
      .asResponse();
    return parseMessage(await jsonResponseBody(response), this.settings(startTime, request));
  }

  protected override normalizeError(error: unknown): unknown {
    return normalizeProviderError(error, {
      provider: this.provider,
      baseURL: this.client.baseURL,
      apiFailure: streamErrorEvent,
    });
  }

  /** The request body of a call; structured output replaces tools with the forced tool. */
  private requestBody(messages: readonly AnthropicMessage[], request: Request): MessagesBody {
    const body = buildMessagesRequest(
      messages,
      {
        modelName: this.modelName,
        maxTokens: this.maxTokens,
        streaming: this.streaming,
        thinking: this.thinking,
        generateKwargs: this.generateKwargs,
      },
      request,
    );
    if (request.structuredModel) {
      body.tools = formatTools([structuredOutputTool(request.structuredModel)]);
      body.tool_choice = formatToolChoice(STRUCTURED_OUTPUT_TOOL_NAME);
      // Claude refuses a forced tool choice while thinking (HTTP 400), so the structured request
      // goes without it. (AgentScope sends both and fails.)
      if (body.thinking && body.thinking.type !== "disabled") delete body.thinking;
    }
    return body;
  }

  private settings(startTime: number, request: Request): ParseSettings {
    return {
      provider: this.provider,
      startTime,
      streamToolParsing: this.streamToolParsing,
      structured: request.structuredModel !== undefined,
    };
  }
}
