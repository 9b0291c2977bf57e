import { AgentScopeError } from "../errors/agentscope-error.js";
import { abortableSleep, interruptedErrorFrom } from "../model/abortable-sleep.js";
import type {
  ChatModelBaseOptions,
  ChatModelCallOptions,
  ChatModelRequest,
} from "../model/chat-model-base.js";
import { ChatModelBase } from "../model/chat-model-base.js";
import type { ChatResponse, ChatUsage } from "../model/chat-response.js";
import { ChatResponseAccumulator } from "../model/chat-response-accumulator.js";

/** A tool call in a scripted answer; `id` defaults to `call_<n>`. */
export interface ScriptedToolCall {
  id?: string;
  name: string;
  input: Record<string, unknown>;
}

/** One scripted answer: what the model "says". */
export interface ScriptedResponse {
  /** Thinking, streamed before the text. */
  thinking?: string;
  /** The text answer. */
  text?: string;
  /** Tool calls, streamed after the text (arguments in pieces, like a real API). */
  toolCalls?: ScriptedToolCall[];
  /** Usage to report; missing fields are 0 (time: the real elapsed seconds). */
  usage?: Partial<ChatUsage>;
  /** Response metadata (e.g. structured output). */
  metadata?: Record<string, unknown>;
  /** The response id. */
  id?: string;
  /** Throw `error` after this many chunks were streamed (to test mid-stream failures). */
  failAfterChunks?: number;
  /** The error thrown after `failAfterChunks` chunks. */
  error?: unknown;
  /**
   * End the stream cleanly after this many chunks, without an error (a connection cut that still
   * closed cleanly: whatever was mid-way, such as a tool call's arguments, stays cut).
   */
  endAfterChunks?: number;
}

/** What one call may compute its step from. */
export type ScriptStepFunction = (
  messages: readonly Record<string, unknown>[],
  options: ChatModelRequest,
  callIndex: number,
) => ScriptStep | Promise<ScriptStep>;

/**
 * One step of a script: an answer, an `Error` to throw before any chunk (e.g. a `ModelError` with
 * status 429 and `retryAfterMs`), or a function computing either from the request.
 */
export type ScriptStep = ScriptedResponse | Error | ScriptStepFunction;

/** A request the scripted model received. */
export interface ScriptedCall {
  /** The messages sent. */
  messages: readonly Record<string, unknown>[];
  /** The request options (tools, toolChoice… and the attempt's signal and number). */
  options: ChatModelRequest;
}

/** Options of {@link ScriptedChatModel}. */
export interface ScriptedChatModelOptions extends Partial<ChatModelBaseOptions> {
  /** The steps, used one per request (a retried call uses one step per attempt). */
  script?: ScriptStep[];
  /** Characters per streamed text/thinking/argument chunk. Default 8. */
  chunkSize?: number;
  /** Milliseconds to wait before each chunk. Default 0. */
  chunkDelayMs?: number;
  /** The provider id reported in errors and traces. Default `"scripted"`. */
  provider?: string;
}

/**
 * A chat model for tests, driven by a script instead of an API: each request takes the next step
 * and streams it in small chunks (with an optional delay, abortable), through the real
 * `ChatModelBase` (retries, timeouts, abort, tracing). Every request is recorded in
 * {@link calls}. When the script runs out, the request fails with a clear error.
 *
 * ```ts
 * const model = new ScriptedChatModel({ script: [
 *   scriptedToolCall("get_weather", { city: "Paris" }),
 *   scriptedText("It is sunny in Paris."),
 * ] });
 * ```
 */
export class ScriptedChatModel extends ChatModelBase<object> {
  readonly provider: string;
  /** The steps not used yet. */
  readonly script: ScriptStep[];
  /** Every request received, in order (one per attempt). */
  readonly calls: ScriptedCall[] = [];
  /** Characters per streamed chunk. */
  chunkSize: number;
  /** Milliseconds before each chunk. */
  chunkDelayMs: number;

  constructor(options: ScriptedChatModelOptions = {}) {
    super({
      modelName: options.modelName ?? "scripted-model",
      stream: options.stream ?? true,
      maxRetries: options.maxRetries ?? 2,
      ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
      retry: options.retry ?? { initialDelayMs: 1, maxDelayMs: 10 },
    });
    this.provider = options.provider ?? "scripted";
    this.script = [...(options.script ?? [])];
    this.chunkSize = Math.max(1, options.chunkSize ?? 8);
    this.chunkDelayMs = options.chunkDelayMs ?? 0;
  }

  /** Appends steps to the script. */
  push(...steps: ScriptStep[]): this {
    this.script.push(...steps);
    return this;
  }

  /** How many requests were made. */
  get callCount(): number {
    return this.calls.length;
  }

  /** The latest request, if any. */
  get lastCall(): ScriptedCall | undefined {
    return this.calls[this.calls.length - 1];
  }

  protected override async *doStream(
    formatted: readonly object[],
    request: ChatModelRequest<ChatModelCallOptions>,
  ): AsyncIterable<ChatResponse> {
    // It reads any formatter's messages; tests read them back as records.
    const messages = formatted as readonly Record<string, unknown>[];
    const callIndex = this.calls.length;
    this.calls.push({ messages, options: request });
    const step = await this.resolveStep(messages, request, callIndex);
    const { signal } = request;
    const startTime = Date.now();
    const acc = new ChatResponseAccumulator({
      ...(step.id !== undefined ? { id: step.id } : {}),
      startTime,
    });
    if (step.metadata !== undefined) acc.setMetadata(step.metadata);
    let chunks = 0;
    const endAt = step.endAfterChunks ?? Infinity;
    const failAt = step.failAfterChunks ?? (step.error !== undefined ? Infinity : undefined);
    const emit = async (): Promise<ChatResponse> => {
      if (this.chunkDelayMs > 0) await abortableSleep(this.chunkDelayMs, signal);
      if (signal.aborted) throw interruptedErrorFrom(signal);
      if (failAt !== undefined && chunks >= failAt) throw scriptedError(step);
      chunks++;
      return acc.snapshot();
    };
    if (step.usage) acc.setUsage(usageOf(step.usage, startTime));
    for (const piece of split(step.thinking ?? "", this.chunkSize)) {
      acc.addThinking(piece);
      if (chunks >= endAt) return;
      yield await emit();
    }
    for (const piece of split(step.text ?? "", this.chunkSize)) {
      acc.addText(piece);
      if (chunks >= endAt) return;
      yield await emit();
    }
    for (const [index, call] of (step.toolCalls ?? []).entries()) {
      acc.addToolCallDelta({ index, id: call.id ?? `call_${callIndex}_${index}`, name: call.name });
      for (const piece of split(JSON.stringify(call.input ?? {}), this.chunkSize)) {
        acc.addToolCallDelta({ index, arguments: piece });
        if (chunks >= endAt) return;
        yield await emit();
      }
    }
    if (step.usage) acc.setUsage(usageOf(step.usage, startTime));
    const last = acc.finish();
    if (last) yield last;
    if (failAt !== undefined) throw scriptedError(step);
    if (!acc.hasContent) yield acc.snapshot();
  }

  private async resolveStep(
    messages: readonly Record<string, unknown>[],
    request: ChatModelRequest,
    callIndex: number,
  ): Promise<ScriptedResponse> {
    let step = this.script.shift();
    if (step === undefined) {
      throw new AgentScopeError(
        `ScriptedChatModel ran out of script: request #${callIndex + 1} has no step (the script had ${callIndex} step(s)). Add steps with \`script\` or \`push()\`.`,
      );
    }
    while (typeof step === "function") step = await step(messages, request, callIndex);
    if (step instanceof Error) throw step;
    return step;
  }
}

function scriptedError(step: ScriptedResponse): unknown {
  return step.error ?? new AgentScopeError("Scripted failure (failAfterChunks without error).");
}

function usageOf(usage: Partial<ChatUsage>, startTime: number): Partial<ChatUsage> {
  return {
    inputTokens: usage.inputTokens ?? 0,
    outputTokens: usage.outputTokens ?? 0,
    time: usage.time ?? (Date.now() - startTime) / 1000,
    ...(usage.metadata ? { metadata: usage.metadata } : {}),
  };
}

function* split(text: string, size: number): Generator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}
