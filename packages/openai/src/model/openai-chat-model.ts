import {
  ChatModelBase,
  type ChatModelRequest,
  type ChatResponse,
  callStructured,
  guardedStream,
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
import type { z } from "zod";
import type { OpenAIChatMessage } from "../formatter/openai-chat-message.js";
import {
  type ParseSettings,
  parseChatCompletion,
  parseChatCompletionStream,
  type StreamOutcome,
} from "./chat-completions-parser.js";
import {
  buildChatRequest,
  type ChatCompletionBody,
  toChatCompletionParams,
} from "./chat-completions-request.js";
import { abortOptions, createOpenAIClient, type OpenAIClientOptions } from "./openai-client.js";
import { openAIReasoningEffort } from "./openai-thinking.js";
import { readJsonPayloads, type SseWireState } from "./sse-json-events.js";
import {
  responseFormatFor,
  STRUCTURED_OUTPUT_TOOL_NAME,
  structuredOutputTool,
} from "./structured-output.js";

/** Options of {@link OpenAIChatModel} (AgentScope's keyword arguments, camelCased). */
export interface OpenAIChatModelOptions extends ProviderChatModelOptions, OpenAIClientOptions {
  /**
   * Reasoning, sent as `reasoning_effort`: `{ effort: "low" }` (`"none"`, `"minimal"`, `"low"`,
   * `"medium"`, `"high"`, `"xhigh"`, or a compatible provider's own level such as DeepSeek's
   * `"max"`); `false` sends `"none"`; `true` keeps the model's default.
   */
  thinking?: ThinkingOption;
  /** @deprecated Use `thinking: { effort }` (the name every provider uses); still read, with a warning. */
  reasoningEffort?: string;
}

/** Options of one {@link OpenAIChatModel} call. */
export type OpenAIChatModelCallOptions = ProviderCallOptions;

type Request = ChatModelRequest<OpenAIChatModelCallOptions>;

/** A streaming request in flight: its chunk payloads, and what the wire showed at the end. */
interface OpenStream {
  chunks: AsyncIterable<unknown>;
  wire: SseWireState;
}

/** An error event inside a stream (an SDK `APIError` without status): the provider failed the request. */
function streamErrorEvent(error: unknown): ProviderApiFailure | undefined {
  return error instanceof OpenAI.APIError ? { message: error.message } : undefined;
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
export class OpenAIChatModel extends ChatModelBase<OpenAIChatMessage, OpenAIChatModelCallOptions> {
  readonly provider: string;
  /** The SDK client. */
  readonly client: OpenAI;
  /** `reasoning_effort` sent with each request, unless `generateKwargs` has one. */
  reasoningEffort: string | undefined;
  /** Whether tool arguments are repaired while streaming. */
  streamToolParsing: boolean;
  /** Extra request fields sent with every call. */
  generateKwargs: Record<string, unknown>;
  /**
   * True once an endpoint refused `response_format`: structured output then goes through a forced
   * tool call on every later call (AgentScope's `_structured_output_fallback`).
   */
  structuredOutputFallback = false;

  constructor(options: OpenAIChatModelOptions) {
    super(options);
    this.provider = options.provider ?? "openai";
    this.reasoningEffort = openAIReasoningEffort("OpenAIChatModel", options);
    this.streamToolParsing = options.streamToolParsing ?? true;
    this.generateKwargs = { ...options.generateKwargs };
    this.client = createOpenAIClient(options, "OpenAIChatModel");
  }

  protected override async *doStream(
    messages: readonly OpenAIChatMessage[],
    request: Request,
  ): AsyncGenerator<ChatResponse, void, undefined> {
    const startTime = Date.now();
    const body = this.requestBody(messages, request);
    const schema = request.structuredModel;
    if (schema) {
      yield* streamStructured(this.fallback(request.signal), body, schema, startTime);
      return;
    }
    const stream = await this.openStream(body, request.signal);
    yield* this.parseStream(
      stream,
      this.settings(startTime, undefined),
      { text: "", yielded: 0 },
      request.signal,
    );
  }

  protected override async doCall(
    messages: readonly OpenAIChatMessage[],
    request: Request,
  ): Promise<ChatResponse> {
    const startTime = Date.now();
    const body = this.requestBody(messages, request);
    const schema = request.structuredModel;
    if (!schema) {
      const completion = await this.client.chat.completions.create(
        toChatCompletionParams(body),
        abortOptions(this.client, request.signal),
      );
      return parseChatCompletion(completion, this.settings(startTime, undefined));
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

  /** The request body of a call, checked as AgentScope checks it. */
  private requestBody(
    messages: readonly OpenAIChatMessage[],
    request: Request,
  ): ChatCompletionBody {
    for (let i = 0; i < messages.length; i++) {
      const msg: unknown = messages[i];
      if (msg === null || typeof msg !== "object" || !("role" in msg) || !("content" in msg)) {
        throw new ValidationError(
          "messages",
          [{ path: `[${i}]`, message: "each message needs a 'role' and a 'content' key" }],
          { hint: "Pass the output of an OpenAI formatter: `await formatter.format(msgs)`." },
        );
      }
    }
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

  private settings(
    startTime: number,
    structuredOutput: ParseSettings["structuredOutput"],
  ): ParseSettings {
    const audio = this.generateKwargs.audio as { format?: unknown } | undefined;
    return {
      provider: this.provider,
      startTime,
      audioFormat: typeof audio?.format === "string" ? audio.format : undefined,
      streamToolParsing: this.streamToolParsing,
      structuredOutput,
    };
  }

  /**
   * Sends a streaming request through the SDK (auth, HTTP errors, Azure routing) and reads its
   * events with our own typed SSE reader ({@link readJsonPayloads}).
   */
  private async openStream(body: ChatCompletionBody, signal: AbortSignal): Promise<OpenStream> {
    const response = await this.client.chat.completions
      .create({ ...toChatCompletionParams(body), stream: true }, abortOptions(this.client, signal))
      .asResponse();
    const wire: SseWireState = { sentinel: false };
    return { chunks: readJsonPayloads(response, this.provider, wire), wire };
  }

  /** Parses a stream, turning a connection lost mid-way into a clear, retryable ModelError. */
  private async *parseStream(
    stream: OpenStream,
    settings: ParseSettings,
    outcome: StreamOutcome,
    signal: AbortSignal,
  ): AsyncGenerator<ChatResponse, void, undefined> {
    yield* guardedStream(
      parseChatCompletionStream(stream.chunks, settings, outcome, () => stream.wire.sentinel),
      {
        provider: this.provider,
        signal: signal,
        outcome,
        normalize: (e) => this.normalizeError(e),
      },
    );
  }

  /** How structured output falls back here (AgentScope's `_structured_output_fallback`). */
  private fallback(signal: AbortSignal): StructuredFallback<ChatCompletionBody> {
    return {
      state: this,
      nativeBody: (body, schema) => ({ ...body, response_format: responseFormatFor(schema) }),
      toolBody: (body, schema, forced) => this.toolBody(body, schema, forced),
      call: async (body, mode, startTime) => {
        const completion = await this.client.chat.completions.create(
          toChatCompletionParams(body),
          abortOptions(this.client, signal),
        );
        return parseChatCompletion(completion, this.settings(startTime, mode));
      },
      open: async (body) => {
        const stream = await this.openStream(body, signal);
        return (mode, outcome, startTime) =>
          this.parseStream(stream, this.settings(startTime, mode), outcome, signal);
      },
    };
  }

  /** The body of a structured request through the tool (forced, or `"auto"` where refused). */
  private toolBody(
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
}
