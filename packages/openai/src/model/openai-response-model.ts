import {
  ChatModelBase,
  type ChatModelRequest,
  type ChatResponse,
  callStructured,
  guardedStream,
  ModelError,
  normalizeProviderError,
  type ProviderApiFailure,
  type ProviderCallOptions,
  type ProviderChatModelOptions,
  type StructuredFallback,
  streamStructured,
  type ThinkingOption,
  ValidationError,
} from "@agentscope-ts/core";
import OpenAI from "openai";
import type { OpenAIResponseInputItem } from "../formatter/openai-response-input.js";
import { abortOptions, createOpenAIClient, type OpenAIClientOptions } from "./openai-client.js";
import { openAIReasoningEffort } from "./openai-thinking.js";
import {
  isRetryableResponsesError,
  parseResponsesResponse,
  parseResponsesStream,
  type ResponsesParseSettings,
  type ResponsesStreamOutcome,
} from "./responses-parser.js";
import {
  buildResponsesRequest,
  formatResponseTools,
  type ResponsesBody,
  textFormatFor,
  toResponseCreateParams,
} from "./responses-request.js";
import { readJsonEvents } from "./sse-json-events.js";
import { STRUCTURED_OUTPUT_TOOL_NAME, structuredOutputTool } from "./structured-output.js";

/** Options of {@link OpenAIResponseModel} (AgentScope's keyword arguments, camelCased). */
export interface OpenAIResponseModelOptions extends ProviderChatModelOptions, OpenAIClientOptions {
  /**
   * Reasoning, sent as `reasoning.effort`: `{ effort: "low" }` (`"minimal"`, `"low"`, `"medium"`,
   * `"high"`…); `false` sends `"none"`; `true` keeps the model's default.
   */
  thinking?: ThinkingOption;
  /** @deprecated Use `thinking: { effort }` (the name every provider uses); still read, with a warning. */
  reasoningEffort?: string;
  /** `reasoning.summary` (`"auto"`, `"concise"`, `"detailed"`), sent with the reasoning effort. */
  reasoningSummary?: string;
  /**
   * Extra request fields sent with every call, e.g. `{ temperature: 0.2 }`, or `{ store: false }`
   * (then `include: ["reasoning.encrypted_content"]` is added so reasoning can be passed back).
   */
  generateKwargs?: Record<string, unknown>;
}

/** Options of one {@link OpenAIResponseModel} call. */
export type OpenAIResponseModelCallOptions = ProviderCallOptions;

type Request = ChatModelRequest<OpenAIResponseModelCallOptions>;

/** An `error` event inside a stream (an SDK `APIError` without status): retryable when its code or type says so. */
function streamErrorEvent(error: unknown): ProviderApiFailure | undefined {
  if (!(error instanceof OpenAI.APIError)) return undefined;
  return { message: error.message, retryable: isRetryableResponsesError(error) };
}

/**
 * AgentScope's `OpenAIResponseModel` on the official `openai` SDK: the Responses API
 * (`client.responses`) of OpenAI, Azure OpenAI and compatible servers, streaming or not.
 * Reasoning summaries (`reasoningEffort`, `reasoningSummary`) as thinking blocks that remember
 * their reasoning items (and encrypted content with `store: false`) so the Responses formatters
 * send them back on the next turn; text; function calls assembled from argument deltas (tool call
 * id = `call_id`); structured output through `text.format` JSON schema (falling back to a forced
 * tool call where the endpoint refuses it or answers off-schema, as the chat model does); usage
 * with cached and reasoning token details in `usage.metadata`. Stream events are read with a
 * typed SSE reader: malformed data, error events and cut streams are {@link ModelError}s.
 */
export class OpenAIResponseModel extends ChatModelBase<
  OpenAIResponseInputItem,
  OpenAIResponseModelCallOptions
> {
  readonly provider: string;
  /** The SDK client. */
  readonly client: OpenAI;
  /** `reasoning.effort` sent with each request, unless `generateKwargs` has a `reasoning`. */
  reasoningEffort: string | undefined;
  /** `reasoning.summary` sent with `reasoningEffort`. */
  reasoningSummary: string | undefined;
  /** Whether tool arguments are repaired while streaming. */
  streamToolParsing: boolean;
  /** Extra request fields sent with every call. */
  generateKwargs: Record<string, unknown>;
  /**
   * True once an endpoint refused `text.format`: structured output then goes through a forced
   * tool call on every later call.
   */
  structuredOutputFallback = false;

  constructor(options: OpenAIResponseModelOptions) {
    super(options);
    this.provider = options.provider ?? "openai";
    this.reasoningEffort = openAIReasoningEffort("OpenAIResponseModel", options);
    this.reasoningSummary = options.reasoningSummary;
    this.streamToolParsing = options.streamToolParsing ?? true;
    this.generateKwargs = { ...options.generateKwargs };
    this.client = createOpenAIClient(options, "OpenAIResponseModel");
  }

  protected override async *doStream(
    messages: readonly OpenAIResponseInputItem[],
    request: Request,
  ): AsyncGenerator<ChatResponse, void, undefined> {
    const startTime = Date.now();
    const body = this.requestBody(messages, request);
    const schema = request.structuredModel;
    if (schema) {
      yield* streamStructured(this.fallback(request.signal), body, schema, startTime);
      return;
    }
    const events = await this.openStream(body, request.signal);
    yield* this.parseStream(
      events,
      this.settings(startTime, undefined),
      { text: "", yielded: 0 },
      request.signal,
    );
  }

  protected override async doCall(
    messages: readonly OpenAIResponseInputItem[],
    request: Request,
  ): Promise<ChatResponse> {
    const startTime = Date.now();
    const body = this.requestBody(messages, request);
    const schema = request.structuredModel;
    if (!schema) {
      const response = await this.create(body, request.signal);
      return parseResponsesResponse(response, this.settings(startTime, undefined));
    }
    return callStructured(this.fallback(request.signal), body, schema, startTime);
  }

  protected override normalizeError(error: unknown): unknown {
    return normalizeProviderError(error, {
      provider: this.provider,
      baseURL: this.client.baseURL,
      apiFailure: streamErrorEvent,
    });
  }

  /** The request body of a call; `messages` must be a list of Responses API input items. */
  private requestBody(
    messages: readonly OpenAIResponseInputItem[],
    request: Request,
  ): ResponsesBody {
    if (!Array.isArray(messages)) {
      throw new ValidationError(
        "messages",
        [{ path: "", message: `expected a list of input items, received ${typeof messages}` }],
        { hint: "Pass the output of a Responses formatter: `await formatter.format(msgs)`." },
      );
    }
    for (let i = 0; i < messages.length; i++) {
      const item: unknown = messages[i];
      if (item === null || typeof item !== "object" || (!("role" in item) && !("type" in item))) {
        throw new ValidationError(
          "messages",
          [{ path: `[${i}]`, message: "each input item needs a 'role' (a message) or a 'type'" }],
          {
            hint: "Pass the output of OpenAIResponseChatFormatter or OpenAIResponseMultiAgentFormatter.",
          },
        );
      }
    }
    const body = buildResponsesRequest(
      messages,
      {
        modelName: this.modelName,
        streaming: this.streaming,
        reasoningEffort: this.reasoningEffort,
        reasoningSummary: this.reasoningSummary,
        generateKwargs: this.generateKwargs,
      },
      request,
    );
    if (request.structuredModel) {
      // Structured output replaces tools.
      delete body.tools;
      delete body.tool_choice;
    }
    return body;
  }

  private settings(
    startTime: number,
    structuredOutput: ResponsesParseSettings["structuredOutput"],
  ): ResponsesParseSettings {
    return {
      provider: this.provider,
      startTime,
      streamToolParsing: this.streamToolParsing,
      structuredOutput,
    };
  }

  private create(body: ResponsesBody, signal: AbortSignal): Promise<unknown> {
    return this.client.responses.create(
      { ...toResponseCreateParams(body), stream: false },
      abortOptions(this.client, signal),
    );
  }

  /** Sends a streaming request through the SDK and reads its events with our typed SSE reader. */
  private async openStream(body: ResponsesBody, signal: AbortSignal) {
    const response = await this.client.responses
      .create({ ...toResponseCreateParams(body), stream: true }, abortOptions(this.client, signal))
      .asResponse();
    return readJsonEvents(response, this.provider, { sentinel: false });
  }

  /** Parses a stream, turning a connection lost mid-way into a clear, retryable ModelError. */
  private async *parseStream(
    events: Awaited<ReturnType<OpenAIResponseModel["openStream"]>>,
    settings: ResponsesParseSettings,
    outcome: ResponsesStreamOutcome,
    signal: AbortSignal,
  ): AsyncGenerator<ChatResponse, void, undefined> {
    yield* guardedStream(parseResponsesStream(events, settings, outcome), {
      provider: this.provider,
      signal: signal,
      outcome,
      normalize: (e) => this.normalizeError(e),
    });
  }

  /** How structured output falls back here (as the chat model's does). */
  private fallback(signal: AbortSignal): StructuredFallback<ResponsesBody> {
    return {
      state: this,
      nativeBody: (body, schema) => ({ ...body, text: textFormatFor(schema) }),
      toolBody: (body, schema, forced) => {
        const next: ResponsesBody = { ...body };
        delete next.text;
        next.tools = formatResponseTools([structuredOutputTool(schema)]);
        next.tool_choice = forced
          ? { type: "function", name: STRUCTURED_OUTPUT_TOOL_NAME }
          : "auto";
        return next;
      },
      call: async (body, mode, startTime) =>
        parseResponsesResponse(await this.create(body, signal), this.settings(startTime, mode)),
      open: async (body) => {
        const events = await this.openStream(body, signal);
        return (mode, outcome, startTime) =>
          this.parseStream(events, this.settings(startTime, mode), outcome, signal);
      },
    };
  }
}
