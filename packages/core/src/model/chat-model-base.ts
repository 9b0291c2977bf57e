import type { z } from "zod";
import { AgentScopeError } from "../errors/agentscope-error.js";
import { ModelError } from "../errors/model-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { guardedStream } from "../provider-kit/guarded-stream.js";
import type { ToolFunctionSchema } from "../tool/tool-schema.js";
import { getTracer, isTracingEnabled } from "../tracing/global-tracer.js";
import {
  modelRequestAttributes,
  modelResponseAttributes,
  startModelSpan,
} from "../tracing/model-span.js";
import { NOOP_SPAN } from "../tracing/noop-tracer.js";
import { SpanAttributeNames } from "../tracing/span-attributes.js";
import { tracedGenerator } from "../tracing/traced-generator.js";
import type { Span, SpanAttributes } from "../tracing/tracer.js";
import { closeQuietly } from "../utils/close-quietly.js";
import { describeThrown } from "../utils/json-copy.js";
import { limitOrDefault } from "../utils/limit-option.js";
import { interruptedErrorFrom } from "./abortable-sleep.js";
import { AttemptControl } from "./attempt-control.js";
import { AttemptStream } from "./attempt-stream.js";
import type { ChatResponse } from "./chat-response.js";
import { createChatResponse } from "./create-chat-response.js";
import { isRetryableError, normalizeModelError } from "./model-errors.js";
import { type RetryOptions, retryWithBackoff, waitBeforeRetry } from "./retry-with-backoff.js";
import { checkStructuredOutput } from "./structured-output-check.js";
import { type ToolChoice, validateToolChoice } from "./tool-choice.js";
import { checkToolCallsComplete } from "./truncated-tool-call.js";

/** A response whose `metadata` is the structured output of type `T` (from `structuredModel`). */
export type StructuredChatResponse<T> = ChatResponse & { metadata: T };

/** Options of one model call; provider models accept more (see their option types). */
export interface ChatModelCallOptions {
  /** Tools the model may call, in the OpenAI function format (`Toolkit.getJsonSchemas()`). */
  tools?: readonly ToolFunctionSchema[];
  /** `"auto"`, `"none"`, `"required"` or the name of one of `tools`. */
  toolChoice?: ToolChoice;
  /**
   * A zod schema the answer must follow. The parsed object goes in `response.metadata`; `call()`
   * validates it against the schema and throws a `StructuredOutputError` when the model gave none
   * or it does not fit (stream chunks carry the partial object as it grows, unchecked).
   */
  structuredModel?: z.ZodType;
  /** Aborts the call or stream at once; it then rejects with an `InterruptedError`. */
  signal?: AbortSignal;
  /**
   * Milliseconds to wait for the response (for a stream: for each chunk) before the attempt fails
   * with a retryable `ModelError`. Defaults to the model's `timeout`.
   */
  timeout?: number;
  /** This call's {@link ChatModelBaseOptions.requestTimeout}; `null` = no limit. */
  requestTimeout?: number | null;
  /** This call's {@link ChatModelBaseOptions.idleTimeout}; `null` = no limit. */
  idleTimeout?: number | null;
  /** Retries on retryable errors. Defaults to the model's `maxRetries`. */
  maxRetries?: number;
}

/**
 * What a provider's {@link ChatModelBase.doStream} / {@link ChatModelBase.doCall} receives: the
 * call options without the ones the base class handles, plus the attempt's `signal` (pass it to
 * the SDK: it fires on abort and on timeout) and the attempt number, from 1.
 */
export type ChatModelRequest<TOptions extends ChatModelCallOptions = ChatModelCallOptions> = Omit<
  TOptions,
  "signal" | "timeout" | "requestTimeout" | "idleTimeout" | "maxRetries"
> & {
  signal: AbortSignal;
  attempt: number;
};

/** Options of {@link ChatModelBase} (subclass options extend these). */
export interface ChatModelBaseOptions {
  /** The model name, e.g. `"gpt-4.1"`. */
  modelName: string;
  /** Whether the model is asked for a streaming response. Default `true`. */
  stream?: boolean;
  /** Retries on 429, 5xx, timeouts and dropped connections. Default 2. */
  maxRetries?: number;
  /**
   * The longest one attempt may take, in milliseconds, from sending the request to its last
   * chunk; past it the attempt fails with a retryable `ModelError` (and is retried like a 503).
   * Default {@link DEFAULT_REQUEST_TIMEOUT_MS} (10 minutes, the OpenAI and Anthropic SDKs'
   * default: long enough for a slow reasoning answer, short enough that a dead connection is
   * noticed). `null` = no limit.
   */
  requestTimeout?: number | null;
  /**
   * The longest silence between two chunks of a streamed answer, in milliseconds, once the first
   * chunk arrived (the wait for the first one is bounded by `requestTimeout`, since a reasoning
   * model may think for minutes before it). Past it the stream fails with a retryable
   * `ModelError` naming `idleTimeout`. Default {@link DEFAULT_IDLE_TIMEOUT_MS} (60 s: providers
   * send tokens or keep-alives every few seconds, so a minute of silence is a stalled stream).
   * `null` = no limit.
   */
  idleTimeout?: number | null;
  /**
   * A stricter shorthand: milliseconds to wait for the response and for each streamed chunk
   * (first included). Default: unset (only `requestTimeout` and `idleTimeout` apply).
   */
  timeout?: number;
  /** Backoff tuning for retries (delays, factor, jitter, `onRetry`). */
  retry?: Omit<RetryOptions, "maxRetries" | "signal" | "isRetryable">;
}

/** Default {@link ChatModelBaseOptions.requestTimeout}: 600 000 ms (10 minutes). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 600_000;
/** Default {@link ChatModelBaseOptions.idleTimeout}: 60 000 ms between streamed chunks. */
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

/**
 * The base class of chat models (AgentScope's `ChatModelBase`). `call()` returns the final
 * response and `stream()` yields cumulative chunks (each holds all content so far), whatever the
 * `stream` flag: a streaming model's `call()` consumes the stream and returns its last chunk; a
 * non-streaming model's `stream()` yields one chunk.
 *
 * The base class does, once for every provider: tool-choice validation, retries with exponential
 * backoff and jitter honouring `Retry-After` (a stream is retried only before its first chunk),
 * the request timeout, abort through `AbortSignal` (even when the SDK ignores it), tracing,
 * structured-output validation, and the check that the answer ended complete: a tool call whose
 * arguments stop mid-JSON (`{"city": "Par`) fails the call with a retryable `ModelError` instead of
 * reaching the caller (a non-streaming call is retried; a stream fails after its last chunk). A
 * provider implements only {@link doStream} and/or {@link doCall}: translate the request, call the
 * SDK with `request.signal`, parse the answer (see `ChatResponseAccumulator`), and optionally
 * {@link normalizeError} for SDK errors.
 *
 * `TMessage` is the type of one request message: what the provider's formatter produces
 * (`FormatterBase<TMessage>`), so a formatter and a model that do not fit fail to compile where an
 * agent pairs them. `TOptions` are the call options the model takes.
 */
export abstract class ChatModelBase<
  TMessage extends object = Record<string, unknown>,
  TOptions extends ChatModelCallOptions = ChatModelCallOptions,
> {
  /** The provider id, e.g. `"openai"` (used in errors and traces). */
  abstract readonly provider: string;
  /** The model name. */
  readonly modelName: string;
  /**
   * Whether the model is asked for a streaming response (AgentScope's `stream` flag; named
   * `streaming` here because `stream()` is the streaming method).
   */
  readonly streaming: boolean;
  /** Default retries of each call. */
  maxRetries: number;
  /** Default response timeout of each call (the `timeout` option), in milliseconds. */
  timeout: number | undefined;
  /** The longest one attempt may take, in milliseconds; `null` = no limit. */
  requestTimeout: number | null;
  /** The longest silence between streamed chunks, in milliseconds; `null` = no limit. */
  idleTimeout: number | null;
  /** Backoff tuning for retries. */
  retryOptions: Omit<RetryOptions, "maxRetries" | "signal" | "isRetryable">;

  constructor(options: ChatModelBaseOptions) {
    if (typeof options?.modelName !== "string" || options.modelName === "") {
      throw new ValidationError("chat model options", [
        { path: "modelName", message: "required (expected a non-empty string)" },
      ]);
    }
    this.modelName = options.modelName;
    this.streaming = options.stream ?? true;
    this.maxRetries = options.maxRetries ?? 2;
    this.timeout = options.timeout;
    this.requestTimeout = limitOrDefault(
      options.requestTimeout,
      DEFAULT_REQUEST_TIMEOUT_MS,
      "requestTimeout",
      "chat model options",
    );
    this.idleTimeout = limitOrDefault(
      options.idleTimeout,
      DEFAULT_IDLE_TIMEOUT_MS,
      "idleTimeout",
      "chat model options",
    );
    this.retryOptions = options.retry ?? {};
  }

  /**
   * Sends `messages` (a formatter's output) and returns the complete response. Rejects with an
   * `InterruptedError` when `options.signal` aborts, a `ModelError` when the provider fails (after
   * retries), a `ValidationError` for bad options, and with a `structuredModel` a
   * `StructuredOutputError` when the answer holds no structured output or one that fails the
   * schema: a resolved structured call always has `metadata` that passed the schema.
   */
  call<S extends z.ZodType>(
    messages: readonly TMessage[],
    options: TOptions & { structuredModel: S },
  ): Promise<StructuredChatResponse<z.output<S>>>;
  call(messages: readonly TMessage[], options?: TOptions): Promise<ChatResponse>;
  call(messages: readonly TMessage[], options?: TOptions): Promise<ChatResponse> {
    const opts = options ?? ({} as TOptions);
    try {
      this.checkRequest(messages, opts);
      // The common case (non-streaming, no structured output, tracing off): the attempt loop's own
      // promise, no async frame around it.
      if (!this.streaming && !opts.structuredModel && !isTracingEnabled()) {
        return this.callOnce(messages, opts);
      }
    } catch (error) {
      return Promise.reject(error);
    }
    return this.callTraced(messages, opts);
  }

  private async callTraced(messages: readonly TMessage[], opts: TOptions): Promise<ChatResponse> {
    const span = this.startSpan(messages, opts, "call");
    try {
      let response: ChatResponse;
      if (this.streaming) {
        let last: ChatResponse | undefined;
        for await (const chunk of this.run(messages, opts)) last = chunk;
        response = last ?? createChatResponse({ content: [] });
      } else {
        response = await this.callOnce(messages, opts);
      }
      if (opts.structuredModel) {
        const parsed = checkStructuredOutput(opts.structuredModel, response, this.describe().what);
        response = { ...response, metadata: parsed as Record<string, unknown> };
      }
      this.endSpan(span, response);
      return response;
    } catch (error) {
      span.recordError(error);
      span.end();
      throw error;
    }
  }

  /**
   * Sends `messages` and yields cumulative chunks as they arrive. Errors as for {@link call}; an
   * aborted `signal` stops the stream within moments, even mid-chunk. Breaking out of the loop
   * closes the underlying request.
   */
  stream(
    messages: readonly TMessage[],
    options?: TOptions,
  ): AsyncGenerator<ChatResponse, void, undefined> {
    const opts = options ?? ({} as TOptions);
    this.checkRequest(messages, opts);
    if (!isTracingEnabled()) return this.run(messages, opts);
    return tracedGenerator(
      getTracer(),
      this.startSpan(messages, opts, "stream"),
      this.run(messages, opts),
      {
        finish: (last) => (last ? modelResponseAttributes(last) : undefined),
      },
    );
  }

  /**
   * Streams the answer to `request` as cumulative chunks. Override this for a streaming API; the
   * default yields the result of {@link doCall}.
   */
  protected doStream(
    messages: readonly TMessage[],
    request: ChatModelRequest<TOptions>,
  ): AsyncIterable<ChatResponse> {
    if (this.doCall === ChatModelBase.prototype.doCall) throw this.missingHooks();
    const self = this;
    return (async function* () {
      yield await self.doCall(messages, request);
    })();
  }

  /**
   * Returns the complete answer to `request`. Override this for a non-streaming API; the default
   * consumes {@link doStream} and returns its last chunk.
   */
  protected async doCall(
    messages: readonly TMessage[],
    request: ChatModelRequest<TOptions>,
  ): Promise<ChatResponse> {
    if (this.doStream === ChatModelBase.prototype.doStream) throw this.missingHooks();
    let last: ChatResponse | undefined;
    for await (const chunk of this.doStream(messages, request)) last = chunk;
    return last ?? createChatResponse({ content: [] });
  }

  /**
   * Turns an error the SDK threw into a `ModelError` (with `status`, `retryable`, `retryAfterMs`)
   * where possible. The default handles errors carrying an HTTP `status` and `headers` (OpenAI,
   * Anthropic and most SDKs) and network errors; override for other SDKs.
   */
  protected normalizeError(error: unknown): unknown {
    return normalizeModelError(error, this.provider);
  }

  /**
   * A provider's parsed response stream behind the kit's `guardedStream`: a failure (not an
   * abort) is normalised by {@link normalizeError} and, after `outcome.yielded` chunks, reworded
   * to say the partial answer was discarded. `host` names the server in that message.
   */
  protected guardStream<T>(
    parsed: AsyncIterable<T>,
    signal: AbortSignal,
    outcome: { yielded: number },
    host?: string,
  ): AsyncGenerator<T, void, undefined> {
    return guardedStream(parsed, {
      provider: this.provider,
      signal,
      outcome,
      normalize: (error) => this.normalizeError(error),
      host,
    });
  }

  /** Span attributes of a request; override to add provider-specific ones. */
  protected requestSpanAttributes(options: TOptions): SpanAttributes {
    return modelRequestAttributes(this, options as TOptions & Record<string, unknown>);
  }

  private checkRequest(messages: readonly TMessage[], options: TOptions): void {
    if (!Array.isArray(messages)) {
      throw new ValidationError(
        "messages",
        [{ path: "", message: `expected array, received ${typeof messages}` }],
        { hint: "Pass the formatter's output: `await formatter.format(msgs)`." },
      );
    }
    validateToolChoice(options.toolChoice, options.tools);
  }

  private missingHooks(): AgentScopeError {
    return new AgentScopeError(
      `${this.constructor.name} must override doStream() or doCall() (ChatModelBase calls one to reach the provider).`,
    );
  }

  private startSpan(
    messages: readonly TMessage[],
    options: TOptions,
    how: "call" | "stream",
  ): Span {
    if (!isTracingEnabled()) return NOOP_SPAN;
    const attributes = this.requestSpanAttributes(options);
    attributes[SpanAttributeNames.AGENTSCOPE_FUNCTION_NAME] = `${this.constructor.name}.${how}`;
    return startModelSpan(this, messages, attributes);
  }

  private endSpan(span: Span, response: ChatResponse | undefined): void {
    if (span !== NOOP_SPAN && response) span.setAttributes(modelResponseAttributes(response));
    span.end();
  }

  private describe = () => ({
    provider: this.provider,
    what: `The ${this.provider} model ${this.modelName}`,
  });

  /**
   * The attempt loop shared by `call()` and `stream()` (retries, timeout, abort) as a stream of
   * chunks ({@link AttemptStream}): opened, with retries, on the first `next()`; each later chunk
   * within the attempt's limits.
   */
  private run(
    messages: readonly TMessage[],
    options: TOptions,
  ): AsyncGenerator<ChatResponse, void, undefined> {
    const {
      signal,
      timeout = this.timeout,
      requestTimeout = this.requestTimeout,
      idleTimeout = this.idleTimeout,
      maxRetries = this.maxRetries,
      ...rest
    } = options;
    const limits = {
      responseMs: timeout,
      idleMs: this.streaming ? (idleTimeout ?? undefined) : undefined,
      totalMs: requestTimeout ?? undefined,
    };
    return new AttemptStream({
      open: async () => {
        if (signal?.aborted) throw interruptedErrorFrom(signal);
        let attempts = 0;
        try {
          return await retryWithBackoff(
            async (attempt) => {
              attempts = attempt;
              const control = new AttemptControl(signal, limits, this.describe);
              let iterator: AsyncIterator<ChatResponse> | undefined;
              try {
                const request: ChatModelRequest<TOptions> = {
                  ...rest,
                  signal: control.signal,
                  attempt,
                };
                iterator = this.open(messages, request);
                const first = await control.race(iterator.next());
                return { control, iterator, first };
              } catch (error) {
                control.dispose();
                if (iterator) closeQuietly(iterator);
                throw this.asModelError(this.normalizeError(control.explain(error)));
              }
            },
            {
              ...this.retryOptions,
              maxRetries,
              ...(signal ? { signal } : {}),
              isRetryable: isRetryableError,
            },
          );
        } catch (error) {
          throw this.gaveUp(error, attempts);
        }
      },
      failed: (control, error) => this.asModelError(this.normalizeError(control.explain(error))),
      ended: (last) => {
        if (this.streaming) checkToolCallsComplete(last, this.provider, this.describe().what);
      },
    });
  }

  /**
   * `run()` for a non-streaming model read to its end, without the generators: the same attempts,
   * retries, limits and errors, one awaited `doCall` per attempt, in one async function (the
   * retries' backoff is {@link waitBeforeRetry}, as in `retryWithBackoff`).
   */
  private async callOnce(messages: readonly TMessage[], options: TOptions): Promise<ChatResponse> {
    const {
      signal,
      timeout = this.timeout,
      requestTimeout = this.requestTimeout,
      idleTimeout: _idleTimeout,
      maxRetries = this.maxRetries,
      ...rest
    } = options;
    if (signal?.aborted) throw interruptedErrorFrom(signal);
    const limits = { responseMs: timeout, idleMs: undefined, totalMs: requestTimeout ?? undefined };
    let attempt = 1;
    try {
      for (; ; attempt++) {
        if (signal?.aborted) throw interruptedErrorFrom(signal);
        const ctl = new AttemptControl(signal, limits, this.describe);
        let failure: unknown;
        try {
          const request: ChatModelRequest<TOptions> = { ...rest, signal: ctl.signal, attempt };
          const response = await ctl.race(Promise.resolve(this.doCall(messages, request)));
          // Inside the attempt: a truncated answer is retried like any retryable failure.
          checkToolCallsComplete(response, this.provider, this.describe().what);
          return response;
        } catch (error) {
          failure = this.asModelError(this.normalizeError(ctl.explain(error)));
        } finally {
          ctl.dispose();
        }
        await waitBeforeRetry(failure, attempt, {
          ...this.retryOptions,
          maxRetries,
          ...(signal ? { signal } : {}),
          isRetryable: isRetryableError,
        });
      }
    } catch (error) {
      throw this.gaveUp(error, attempt);
    }
  }

  private open(
    messages: readonly TMessage[],
    request: ChatModelRequest<TOptions>,
  ): AsyncIterator<ChatResponse> {
    if (this.streaming) return this.doStream(messages, request)[Symbol.asyncIterator]();
    const self = this;
    return (async function* () {
      const response = await self.doCall(messages, request);
      // Inside the attempt: a truncated answer is retried like any retryable failure.
      checkToolCallsComplete(response, self.provider, self.describe().what);
      yield response;
    })();
  }

  /**
   * Wraps anything that is not an AgentScope error (a `SyntaxError` from malformed stream data, a
   * `TypeError` from a chunk of an unexpected shape…) in a `ModelError` keeping it as `cause`, so
   * callers only ever see typed errors. Malformed data (a `SyntaxError`) and network failures are
   * retryable: the next answer is likely well-formed.
   */
  private asModelError(error: unknown): unknown {
    if (AgentScopeError.isAgentScopeError(error)) return error;
    const { provider, what } = this.describe();
    const detail = describeThrown(error);
    const malformed = error instanceof SyntaxError;
    return new ModelError(
      malformed
        ? `${what} sent a malformed response (${detail}).`
        : `${what} failed while handling the response (${detail}).`,
      { provider, cause: error, retryable: malformed || isRetryableError(error) },
    );
  }

  private gaveUp(error: unknown, attempts: number): unknown {
    if (attempts <= 1 || !(error instanceof ModelError) || !error.retryable) return error;
    return new ModelError(`${error.message} (gave up after ${attempts} attempts)`, {
      cause: error,
      retryable: true,
      ...(error.provider !== undefined ? { provider: error.provider } : {}),
      ...(error.status !== undefined ? { status: error.status } : {}),
      ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
    });
  }
}
