import {
  type ChatResponse,
  checkRequestMessages,
  jsonResponseBody,
  type ProviderApiFailure,
  type ProviderCallOptions,
  type StructuredMode,
  type StructuredStreamOutcome,
  type ThinkingOption,
} from "@agentscope-ts/core";
import type { z } from "zod";
import type { OpenAIChatMessage } from "../formatter/openai-chat-message.js";
import {
  type ParseSettings,
  parseChatCompletion,
  parseChatCompletionStream,
} from "./chat-completions-parser.js";
import {
  buildChatRequest,
  type ChatCompletionBody,
  toChatCompletionParams,
} from "./chat-completions-request.js";
import { abortOptions } from "./openai-client.js";
import {
  OpenAIModelBase,
  type OpenAIModelBaseOptions,
  type OpenAIModelRequest,
} from "./openai-model-base.js";
import { isOpenAIApiError } from "./openai-sdk.js";
import { readJsonPayloads, type SseWireState } from "./sse-json-events.js";
import {
  responseFormatFor,
  STRUCTURED_OUTPUT_TOOL_NAME,
  structuredOutputTool,
} from "./structured-output.js";

/** Options of {@link OpenAIChatModel} (AgentScope's keyword arguments, camelCased). */
export interface OpenAIChatModelOptions extends OpenAIModelBaseOptions {
  /**
   * Reasoning, sent as `reasoning_effort`: `{ effort: "low" }` (`"none"`, `"minimal"`, `"low"`,
   * `"medium"`, `"high"`, `"xhigh"`, or a compatible provider's own level such as DeepSeek's
   * `"max"`); `false` sends `"none"`; `true` keeps the model's default.
   */
  thinking?: ThinkingOption;
}

/** Options of one {@link OpenAIChatModel} call. */
export type OpenAIChatModelCallOptions = ProviderCallOptions;

/** A streaming request in flight: its chunk payloads, and what the wire showed at the end. */
interface OpenStream {
  chunks: AsyncIterable<unknown>;
  wire: SseWireState;
}

/**
 * AgentScope's `OpenAIChatModel` on the official `openai` SDK: the Chat Completions API of OpenAI,
 * Azure OpenAI and compatible servers (DeepSeek, vLLM, DashScope compatible mode, Ollama `/v1`,
 * xAI), streaming or not. Tools and `toolChoice`; streamed tool calls assembled across chunks;
 * `reasoning_content` as thinking blocks; `reasoningEffort`; structured output from a zod schema
 * through `response_format` (falling back to a forced tool call where the endpoint refuses it), the
 * parsed object in `metadata`; usage (streams ask for it with `stream_options`); audio output.
 * Retries, timeout and abort come from {@link ChatModelBase}.
 */
export class OpenAIChatModel extends OpenAIModelBase<
  OpenAIChatMessage,
  ChatCompletionBody,
  OpenStream
> {
  constructor(options: OpenAIChatModelOptions) {
    super(options, "OpenAIChatModel");
  }

  /** The request body of a call, checked as AgentScope checks it. */
  protected override requestBody(
    messages: readonly OpenAIChatMessage[],
    request: OpenAIModelRequest,
  ): ChatCompletionBody {
    checkRequestMessages(messages, { has: ["role", "content"], formatter: "an OpenAI formatter" });
    const body = buildChatRequest(
      messages,
      {
        modelName: this.modelName,
        streaming: this.streaming,
        reasoningEffort: this.reasoningEffort,
        generateKwargs: this.generateKwargs,
      },
      request,
    );
    if (request.structuredModel) {
      // Structured output replaces tools; a non-streaming request carries no `stream` key.
      delete body.tools;
      delete body.tool_choice;
      if (!this.streaming) delete body.stream;
    }
    return body;
  }

  protected override async send(
    body: ChatCompletionBody,
    signal: AbortSignal,
    mode: StructuredMode | undefined,
    startTime: number,
  ): Promise<ChatResponse> {
    // The SDK sends the request; the body is read without its parsing (see jsonResponseBody).
    const client = this.clientRef.current ?? (await this.clientRef.ready());
    const response = await client.chat.completions
      .create(toChatCompletionParams(body), abortOptions(client, signal))
      .asResponse();
    return parseChatCompletion(await jsonResponseBody(response), this.settings(startTime, mode));
  }

  /**
   * Sends a streaming request through the SDK (auth, HTTP errors, Azure routing) and reads its
   * events with our own typed SSE reader ({@link readJsonPayloads}).
   */
  protected override async openStream(
    body: ChatCompletionBody,
    signal: AbortSignal,
  ): Promise<OpenStream> {
    const client = this.clientRef.current ?? (await this.clientRef.ready());
    const response = await client.chat.completions
      .create({ ...toChatCompletionParams(body), stream: true }, abortOptions(client, signal))
      .asResponse();
    const wire: SseWireState = { sentinel: false };
    return { chunks: readJsonPayloads(response, this.provider, wire), wire };
  }

  protected override parseStream(
    stream: OpenStream,
    mode: StructuredMode | undefined,
    outcome: StructuredStreamOutcome,
    startTime: number,
  ): AsyncIterable<ChatResponse> {
    return parseChatCompletionStream(
      stream.chunks,
      this.settings(startTime, mode),
      outcome,
      () => stream.wire.sentinel,
    );
  }

  protected override nativeBody(body: ChatCompletionBody, schema: z.ZodType): ChatCompletionBody {
    return { ...body, response_format: responseFormatFor(schema) };
  }

  protected override toolBody(
    body: ChatCompletionBody,
    schema: z.ZodType,
    forced: boolean,
  ): ChatCompletionBody {
    const next: ChatCompletionBody = { ...body };
    delete next.response_format;
    next.tools = [structuredOutputTool(schema)];
    next.tool_choice = forced
      ? { type: "function", function: { name: STRUCTURED_OUTPUT_TOOL_NAME } }
      : "auto";
    if (this.streaming) {
      next.stream = true;
      next.stream_options = { include_usage: true };
    }
    return next;
  }

  /** An error event inside a stream (an SDK `APIError` without status): the provider failed the request. */
  protected override streamErrorEvent(error: unknown): ProviderApiFailure | undefined {
    return isOpenAIApiError(error) ? { message: error.message } : undefined;
  }

  private settings(startTime: number, structuredOutput: StructuredMode | undefined): ParseSettings {
    const audio = this.generateKwargs.audio as { format?: unknown } | undefined;
    return {
      provider: this.provider,
      startTime,
      audioFormat: typeof audio?.format === "string" ? audio.format : undefined,
      streamToolParsing: this.streamToolParsing,
      structuredOutput,
    };
  }
}
