import {
  ChatModelBase,
  type ChatModelRequest,
  type ChatResponse,
  callStructured,
  lazyStream,
  normalizeProviderError,
  type ProviderApiFailure,
  type ProviderCallOptions,
  type ProviderChatModelOptions,
  type StructuredFallback,
  type StructuredMode,
  type StructuredStreamOutcome,
  streamStructured,
  type ThinkingOption,
} from "@agentscope-ts/core";
import type OpenAI from "openai";
import type { z } from "zod";
import type { OpenAIClientOptions } from "./openai-client.js";
import { OpenAIClientRef } from "./openai-client-ref.js";
import { openAIReasoningEffort } from "./openai-thinking.js";
import { loadStrictJsonSchema } from "./structured-output-schema.js";

/** The options both OpenAI chat models take (Chat Completions and Responses). */
export interface OpenAIModelBaseOptions extends ProviderChatModelOptions, OpenAIClientOptions {
  /** Reasoning: `{ effort: "low" }`; `false` sends `"none"`; `true` keeps the model's default. */
  thinking?: ThinkingOption;
  /** @deprecated Use `thinking: { effort }` (the name every provider uses); still read, with a warning. */
  reasoningEffort?: string;
}

/** A call's request as an OpenAI model receives it. */
export type OpenAIModelRequest = ChatModelRequest<ProviderCallOptions>;

/**
 * What AgentScope's two OpenAI chat models share: the SDK client, reasoning effort, extra request
 * fields, and one request path — build the body, then send it (streaming or not) or, for
 * structured output, go through core's structured-output fallback (native schema first, the
 * forced tool where the endpoint refuses it, remembered in `structuredOutputFallback`). Streams
 * are parsed behind `guardStream` (the kit's `guardedStream`), so a connection lost mid-way is a clear, retryable error.
 * A subclass supplies its API's body, calls and parsers.
 */
export abstract class OpenAIModelBase<
  TMessage extends object,
  TBody,
  TStream,
> extends ChatModelBase<TMessage, ProviderCallOptions> {
  readonly provider: string;
  /** Builds the SDK client (with the SDK: in the constructor under Node, else before the first request). */
  protected readonly clientRef: OpenAIClientRef;
  /** The reasoning effort sent with each request, unless `generateKwargs` sets it. */
  reasoningEffort: string | undefined;
  /** Whether tool arguments are repaired while streaming. */
  streamToolParsing: boolean;
  /** Extra request fields sent with every call. */
  generateKwargs: Record<string, unknown>;
  /**
   * True once an endpoint refused the native structured output: structured output then goes
   * through a forced tool call on every later call (AgentScope's `_structured_output_fallback`).
   */
  structuredOutputFallback = false;

  /** `owner` is the class name, used in option errors and warnings. */
  constructor(options: OpenAIModelBaseOptions, owner: string) {
    super(options);
    this.provider = options.provider ?? "openai";
    this.reasoningEffort = openAIReasoningEffort(owner, options);
    this.streamToolParsing = options.streamToolParsing ?? true;
    this.generateKwargs = { ...options.generateKwargs };
    this.clientRef = new OpenAIClientRef(options, owner);
  }

  /**
   * The SDK client. Under Node (≥ 22.12) it exists once the model is constructed; where the
   * runtime loads the `openai` SDK asynchronously (browsers), after the first call.
   */
  get client(): OpenAI {
    return this.clientRef.client;
  }

  /** The request body of a call, checked (structured output replaces tools). */
  protected abstract requestBody(messages: readonly TMessage[], request: OpenAIModelRequest): TBody;
  /** Sends one non-streaming request and parses its answer (read in `mode` when structured). */
  protected abstract send(
    body: TBody,
    signal: AbortSignal,
    mode: StructuredMode | undefined,
    startTime: number,
  ): Promise<ChatResponse>;
  /** Opens a streaming request through the SDK; HTTP errors throw here. */
  protected abstract openStream(body: TBody, signal: AbortSignal): Promise<TStream>;
  /** Parses an opened stream (read in `mode` when structured), counting into `outcome`. */
  protected abstract parseStream(
    stream: TStream,
    mode: StructuredMode | undefined,
    outcome: StructuredStreamOutcome,
    startTime: number,
  ): AsyncIterable<ChatResponse>;
  /** The body asking the API for the schema natively. */
  protected abstract nativeBody(body: TBody, schema: z.ZodType): TBody;
  /** The body of a structured request through the tool (forced, or `"auto"` where refused). */
  protected abstract toolBody(body: TBody, schema: z.ZodType, forced: boolean): TBody;
  /** An error event inside a stream (an SDK `APIError` without status), as a provider failure. */
  protected abstract streamErrorEvent(error: unknown): ProviderApiFailure | undefined;

  // Not a generator: the plain stream's chunks go from the parser to the caller without a layer
  // of ours (`lazyStream` opens it on the first read).
  protected override doStream(
    messages: readonly TMessage[],
    request: OpenAIModelRequest,
  ): AsyncIterable<ChatResponse> {
    const startTime = Date.now();
    const body = this.requestBody(messages, request);
    const schema = request.structuredModel;
    if (schema) return this.streamStructuredOutput(body, schema, request.signal, startTime);
    return lazyStream(async () => {
      const read = this.reader(await this.openStream(body, request.signal), request.signal);
      return read(undefined, { text: "", yielded: 0 }, startTime);
    });
  }

  // `doStream` with a structured model: loads the strict-schema converter first.
  private async *streamStructuredOutput(
    body: TBody,
    schema: z.ZodType,
    signal: AbortSignal,
    startTime: number,
  ): AsyncGenerator<ChatResponse, void, undefined> {
    await loadStrictJsonSchema();
    yield* streamStructured(this.fallback(signal), body, schema, startTime);
  }

  // Not `async`: `send`'s own promise, no frame around it (a throw becomes a rejection).
  protected override doCall(
    messages: readonly TMessage[],
    request: OpenAIModelRequest,
  ): Promise<ChatResponse> {
    try {
      const startTime = Date.now();
      const body = this.requestBody(messages, request);
      const schema = request.structuredModel;
      if (!schema) return this.send(body, request.signal, undefined, startTime);
      return this.callStructuredOutput(body, schema, request.signal, startTime);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  // `doCall` with a structured model: loads the strict-schema converter first.
  private async callStructuredOutput(
    body: TBody,
    schema: z.ZodType,
    signal: AbortSignal,
    startTime: number,
  ): Promise<ChatResponse> {
    await loadStrictJsonSchema();
    return callStructured(this.fallback(signal), body, schema, startTime);
  }

  protected override normalizeError(error: unknown): unknown {
    return normalizeProviderError(error, {
      provider: this.provider,
      baseURL: this.clientRef.current?.baseURL,
      apiFailure: (e) => this.streamErrorEvent(e),
    });
  }

  /** Reads an opened stream behind {@link ChatModelBase.guardStream}. */
  private reader(stream: TStream, signal: AbortSignal) {
    return (
      mode: StructuredMode | undefined,
      outcome: StructuredStreamOutcome,
      startTime: number,
    ): AsyncGenerator<ChatResponse, void, undefined> =>
      this.guardStream(this.parseStream(stream, mode, outcome, startTime), signal, outcome);
  }

  /** How structured output falls back here (AgentScope's `_structured_output_fallback`). */
  private fallback(signal: AbortSignal): StructuredFallback<TBody> {
    return {
      state: this,
      nativeBody: (body, schema) => this.nativeBody(body, schema),
      toolBody: (body, schema, forced) => this.toolBody(body, schema, forced),
      call: (body, mode, startTime) => this.send(body, signal, mode, startTime),
      open: async (body) => this.reader(await this.openStream(body, signal), signal),
    };
  }
}
