import {
  type ChatResponse,
  checkRequestMessages,
  jsonResponseBody,
  type ProviderApiFailure,
  type ProviderCallOptions,
  type StructuredMode,
  type StructuredStreamOutcome,
  type ThinkingOption,
  ValidationError,
} from "@agentscope-ts/core";
import type { z } from "zod";
import type { OpenAIResponseInputItem } from "../formatter/openai-response-input.js";
import { abortOptions } from "./openai-client.js";
import {
  OpenAIModelBase,
  type OpenAIModelBaseOptions,
  type OpenAIModelRequest,
} from "./openai-model-base.js";
import { isOpenAIApiError } from "./openai-sdk.js";
import {
  isRetryableResponsesError,
  parseResponsesResponse,
  parseResponsesStream,
  type ResponsesParseSettings,
} from "./responses-parser.js";
import {
  buildResponsesRequest,
  formatResponseTools,
  type ResponsesBody,
  textFormatFor,
  toResponseCreateParams,
} from "./responses-request.js";
import { type JsonEvent, readJsonEvents } from "./sse-json-events.js";
import { STRUCTURED_OUTPUT_TOOL_NAME, structuredOutputTool } from "./structured-output.js";

/** Options of {@link OpenAIResponseModel} (AgentScope's keyword arguments, camelCased). */
export interface OpenAIResponseModelOptions extends OpenAIModelBaseOptions {
  /**
   * Reasoning, sent as `reasoning.effort`: `{ effort: "low" }` (`"minimal"`, `"low"`, `"medium"`,
   * `"high"`…); `false` sends `"none"`; `true` keeps the model's default.
   */
  thinking?: ThinkingOption;
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
export class OpenAIResponseModel extends OpenAIModelBase<
  OpenAIResponseInputItem,
  ResponsesBody,
  AsyncIterable<JsonEvent>
> {
  /** `reasoning.summary` sent with `reasoningEffort`. */
  reasoningSummary: string | undefined;

  constructor(options: OpenAIResponseModelOptions) {
    super(options, "OpenAIResponseModel");
    this.reasoningSummary = options.reasoningSummary;
  }

  /** The request body of a call; `messages` must be a list of Responses API input items. */
  protected override requestBody(
    messages: readonly OpenAIResponseInputItem[],
    request: OpenAIModelRequest,
  ): ResponsesBody {
    if (!Array.isArray(messages)) {
      throw new ValidationError(
        "messages",
        [{ path: "", message: `expected a list of input items, received ${typeof messages}` }],
        { hint: "Pass the output of a Responses formatter: `await formatter.format(msgs)`." },
      );
    }
    checkRequestMessages(messages, {
      has: (item) => "role" in item || "type" in item,
      needs: "each input item needs a 'role' (a message) or a 'type'",
      formatter: "OpenAIResponseChatFormatter or OpenAIResponseMultiAgentFormatter",
    });
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

  protected override async send(
    body: ResponsesBody,
    signal: AbortSignal,
    mode: StructuredMode | undefined,
    startTime: number,
  ): Promise<ChatResponse> {
    // The SDK sends the request; the body is read without its parsing (see jsonResponseBody).
    const client = this.clientRef.current ?? (await this.clientRef.ready());
    const response = await client.responses
      .create({ ...toResponseCreateParams(body), stream: false }, abortOptions(client, signal))
      .asResponse();
    return parseResponsesResponse(await jsonResponseBody(response), this.settings(startTime, mode));
  }

  /** Sends a streaming request through the SDK and reads its events with our typed SSE reader. */
  protected override async openStream(
    body: ResponsesBody,
    signal: AbortSignal,
  ): Promise<AsyncIterable<JsonEvent>> {
    const client = this.clientRef.current ?? (await this.clientRef.ready());
    const response = await client.responses
      .create({ ...toResponseCreateParams(body), stream: true }, abortOptions(client, signal))
      .asResponse();
    return readJsonEvents(response, this.provider, { sentinel: false });
  }

  protected override parseStream(
    events: AsyncIterable<JsonEvent>,
    mode: StructuredMode | undefined,
    outcome: StructuredStreamOutcome,
    startTime: number,
  ): AsyncIterable<ChatResponse> {
    return parseResponsesStream(events, this.settings(startTime, mode), outcome);
  }

  protected override nativeBody(body: ResponsesBody, schema: z.ZodType): ResponsesBody {
    return { ...body, text: textFormatFor(schema) };
  }

  protected override toolBody(
    body: ResponsesBody,
    schema: z.ZodType,
    forced: boolean,
  ): ResponsesBody {
    const next: ResponsesBody = { ...body };
    delete next.text;
    next.tools = formatResponseTools([structuredOutputTool(schema)]);
    next.tool_choice = forced ? { type: "function", name: STRUCTURED_OUTPUT_TOOL_NAME } : "auto";
    return next;
  }

  /** An `error` event inside a stream (an SDK `APIError` without status): retryable when its code or type says so. */
  protected override streamErrorEvent(error: unknown): ProviderApiFailure | undefined {
    if (!isOpenAIApiError(error)) return undefined;
    return { message: error.message, retryable: isRetryableResponsesError(error) };
  }

  private settings(
    startTime: number,
    structuredOutput: StructuredMode | undefined,
  ): ResponsesParseSettings {
    return {
      provider: this.provider,
      startTime,
      streamToolParsing: this.streamToolParsing,
      structuredOutput,
    };
  }
}
