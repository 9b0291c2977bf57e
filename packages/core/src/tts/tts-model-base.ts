import { AgentScopeError } from "../errors/agentscope-error.js";
import { ModelError } from "../errors/model-error.js";
import { StateError } from "../errors/state-error.js";
import { ValidationError } from "../errors/validation-error.js";
import type { Msg } from "../message/msg.js";
import { interruptedErrorFrom } from "../model/abortable-sleep.js";
import { AttemptControl } from "../model/attempt-control.js";
import { DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from "../model/chat-model-base.js";
import { isRetryableError, normalizeModelError } from "../model/model-errors.js";
import { type RetryOptions, retryWithBackoff } from "../model/retry-with-backoff.js";
import { closeQuietly } from "../utils/close-quietly.js";
import { limitOrDefault } from "../utils/limit-option.js";
import { TTSAudioAccumulator } from "./tts-audio-accumulator.js";
import { createTTSResponse, type TTSResponse, type TTSUsage } from "./tts-response.js";

/** Options of {@link TTSModelBase}. */
export interface TTSModelBaseOptions {
  /** The TTS model name. */
  modelName: string;
  /** Ask the provider for streamed audio when it can (AgentScope's `stream`). Default `true`. */
  stream?: boolean;
  /**
   * The longest wait for the next piece of audio (the first one included), in milliseconds; past
   * it the call fails with a retryable `ModelError` naming `idleTimeout`. Default 60 000; `null` =
   * no limit.
   */
  idleTimeout?: number | null;
  /** The longest one synthesis may take, in milliseconds. Default 600 000; `null` = no limit. */
  requestTimeout?: number | null;
  /** Retries of a one-shot synthesis that fails before its first audio. Default 2. */
  maxRetries?: number;
  /** Backoff tuning for retries. */
  retry?: Omit<RetryOptions, "maxRetries" | "signal" | "isRetryable">;
}

/** Options of one TTS call (`synthesize`, `synthesizeStream`, `push`); providers may accept more. */
export interface TTSCallOptions {
  /** Aborts the call; it then rejects with an `InterruptedError`. */
  signal?: AbortSignal;
  /** This call's {@link TTSModelBaseOptions.idleTimeout}. */
  idleTimeout?: number | null;
  /** This call's {@link TTSModelBaseOptions.requestTimeout}. */
  requestTimeout?: number | null;
  /** This call's {@link TTSModelBaseOptions.maxRetries}. */
  maxRetries?: number;
}

/** What a provider's synthesis receives besides the text: its options, the signal, which attempt. */
export type TTSRequest<TOptions extends TTSCallOptions = TTSCallOptions> = Omit<
  TOptions,
  "signal" | "idleTimeout" | "requestTimeout" | "maxRetries"
> & {
  /** Aborts when the caller aborts or a timeout fires: pass it to the SDK / socket. */
  signal: AbortSignal;
  /** The attempt number, from 1. */
  attempt: number;
  /** The id of the message being spoken (identifies a streaming-input request). */
  msgId: string;
};

/** The text a TTS model speaks for `msg`: its text blocks (thinking and tool calls are not spoken). */
export function spokenText(msg: Msg): string {
  return msg.getTextContent() ?? "";
}

/**
 * The base class of text-to-speech models (AgentScope's `TTSModelBase`).
 *
 * - {@link synthesize}`(msg)` resolves to the whole speech of `msg` as one `TTSResponse`.
 * - {@link synthesizeStream}`(msg)` yields the speech as it arrives: each response holds only the
 *   new audio (a delta; O(new bytes) per chunk), the final one has `isLast: true` and the usage.
 * - Models that take text while it is being written ({@link supportsStreamingInput}, see
 *   `StreamingInputTTSModelBase`) also have {@link push}`(msg)`: send the message's text so far and
 *   get the audio that arrived since the last call, without waiting; `synthesize`/`synthesizeStream`
 *   then finish that message.
 *
 * The base class does, once for every provider: option checks, retries before the first audio,
 * the idle and request timeouts, abort (even when the SDK ignores the signal), and turning every
 * failure into a typed error (`ModelError`, `InterruptedError`, `ValidationError`, `StateError`).
 * A one-shot provider implements only {@link doSynthesize}. `connect`/`close` are no-ops here;
 * `await using model = …` closes the model at scope end.
 */
export abstract class TTSModelBase<TOptions extends TTSCallOptions = TTSCallOptions> {
  /** The provider id, e.g. `"openai"` (used in errors). */
  abstract readonly provider: string;
  /** The TTS model name. */
  readonly modelName: string;
  /** Whether the provider is asked for streamed audio (AgentScope's `stream`). */
  readonly streaming: boolean;
  /** The longest wait for the next audio, in milliseconds; `null` = no limit. */
  idleTimeout: number | null;
  /** The longest one synthesis may take, in milliseconds; `null` = no limit. */
  requestTimeout: number | null;
  /** Retries before the first audio of a one-shot synthesis. */
  maxRetries: number;
  /** Backoff tuning for retries. */
  retryOptions: Omit<RetryOptions, "maxRetries" | "signal" | "isRetryable">;

  constructor(options: TTSModelBaseOptions) {
    if (typeof options?.modelName !== "string" || options.modelName === "") {
      throw new ValidationError("TTS model options", [
        { path: "modelName", message: "required (expected a non-empty string)" },
      ]);
    }
    this.modelName = options.modelName;
    this.streaming = options.stream ?? true;
    this.idleTimeout = limitOrDefault(
      options.idleTimeout,
      DEFAULT_IDLE_TIMEOUT_MS,
      "idleTimeout",
      "TTS model options",
    );
    this.requestTimeout = limitOrDefault(
      options.requestTimeout,
      DEFAULT_REQUEST_TIMEOUT_MS,
      "requestTimeout",
      "TTS model options",
    );
    this.maxRetries = options.maxRetries ?? 2;
    this.retryOptions = options.retry ?? {};
  }

  /** Whether the model takes text while it is written ({@link push}). False here. */
  get supportsStreamingInput(): boolean {
    return false;
  }

  /** Opens the provider connection of a streaming-input model; a no-op for one-shot models. */
  async connect(_options: { signal?: AbortSignal } = {}): Promise<void> {}

  /** Closes the provider connection of a streaming-input model; a no-op for one-shot models. */
  async close(): Promise<void> {}

  /** Closes the model (`await using model = new …TTSModel(…)`). */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  /**
   * Sends the text of `msg` written so far (the message is cumulative, as an agent streams it)
   * and returns the audio that arrived since the previous call, `content: null` when none did.
   * Only models with {@link supportsStreamingInput}; others throw a `StateError`.
   */
  async push(_msg: Msg, _options?: TOptions): Promise<TTSResponse> {
    throw new StateError(
      `${this.constructor.name} does not take streaming input (supportsStreamingInput is false). Call synthesize(msg) once the message is complete.`,
    );
  }

  /**
   * The whole speech of `msg` as one response (deltas joined, see `concatAudioBlocks`). For a
   * streaming-input model `msg` may be omitted to finish the message pushed so far.
   */
  async synthesize(msg?: Msg, options?: TOptions): Promise<TTSResponse> {
    const audio = new TTSAudioAccumulator();
    let last: TTSResponse | undefined;
    for await (const response of this.synthesizeStream(msg, options)) {
      audio.add(response.content);
      last = response;
    }
    return createTTSResponse({
      content: audio.block(),
      ...(last?.usage ? { usage: last.usage } : {}),
      ...(last?.metadata ? { metadata: last.metadata } : {}),
    });
  }

  /**
   * The speech of `msg` as it arrives: each response holds the audio new since the previous one;
   * the last has `isLast: true` (possibly with `content: null`) and the usage.
   */
  async *synthesizeStream(
    msg?: Msg,
    options?: TOptions,
  ): AsyncGenerator<TTSResponse, void, undefined> {
    if (msg === undefined || msg === null) {
      throw new ValidationError(
        "synthesize arguments",
        [{ path: "msg", message: "required: the message to speak" }],
        {
          hint: `${this.constructor.name} takes no streaming input, so there is nothing pushed to finish.`,
        },
      );
    }
    const text = spokenText(msg);
    const opts = options ?? ({} as TOptions);
    const {
      signal,
      idleTimeout = this.idleTimeout,
      requestTimeout = this.requestTimeout,
      maxRetries = this.maxRetries,
      ...rest
    } = opts;
    if (signal?.aborted) throw interruptedErrorFrom(signal);
    if (text.trim() === "") {
      yield createTTSResponse({
        content: null,
        usage: { inputTokens: 0, outputTokens: 0, time: 0 },
      });
      return;
    }
    const limits = { responseMs: idleTimeout ?? undefined, totalMs: requestTimeout ?? undefined };
    const started = Date.now();
    let control: AttemptControl | undefined;
    let iterator: AsyncIterator<TTSResponse> | undefined;
    try {
      const opened = await retryWithBackoff(
        async (attempt) => {
          const ctl = new AttemptControl(signal, limits, this.describe);
          let it: AsyncIterator<TTSResponse> | undefined;
          try {
            const request = {
              ...rest,
              signal: ctl.signal,
              attempt,
              msgId: msg.id,
            } as TTSRequest<TOptions>;
            it = this.doSynthesize(text, request)[Symbol.asyncIterator]();
            const result = await ctl.race(it.next());
            return { ctl, it, result };
          } catch (error) {
            ctl.dispose();
            if (it) closeQuietly(it);
            throw this.typedError(ctl.explain(error));
          }
        },
        {
          ...this.retryOptions,
          maxRetries,
          ...(signal ? { signal } : {}),
          isRetryable: isRetryableError,
        },
      );
      control = opened.ctl;
      iterator = opened.it;
      const ctl = control;
      const it = iterator;
      yield* this.relay(
        started,
        opened.result,
        async () => {
          ctl.touch();
          try {
            return await ctl.race(it.next());
          } catch (error) {
            throw this.typedError(ctl.explain(error));
          }
        },
        () => ctl.pause(),
      );
    } finally {
      control?.dispose();
      // Always close: a provider that marked a response last is still suspended at that yield,
      // and its own cleanup (`finally`) runs only when its iterator is closed.
      if (iterator) closeQuietly(iterator);
    }
  }

  /**
   * Yields provider responses from `next` as deltas (`isLast: false`) until the provider ends or
   * marks one last; then the final response (`isLast: true`) with the usage and measured time.
   */
  protected async *relay(
    started: number,
    first: IteratorResult<TTSResponse> | undefined,
    next: () => Promise<IteratorResult<TTSResponse>>,
    onChunk: () => void = () => {},
  ): AsyncGenerator<TTSResponse, void, undefined> {
    let usage: Partial<TTSUsage> | undefined;
    let pending = first;
    for (;;) {
      const result = pending ?? (await next());
      pending = undefined;
      const time = (Date.now() - started) / 1000;
      if (result.done) {
        yield createTTSResponse({ content: null, isLast: true, usage: fullUsage(usage, time) });
        return;
      }
      const chunk = result.value;
      if (chunk.usage) usage = chunk.usage;
      onChunk();
      if (chunk.isLast) {
        yield { ...chunk, isLast: true, usage: fullUsage(usage, time) };
        return;
      }
      yield chunk.isLast === false ? chunk : { ...chunk, isLast: false };
    }
  }

  /**
   * Synthesizes `text` in one request: yield the audio as it arrives, one `TTSResponse` per piece
   * holding only that piece (see `ttsAudioDelta`), or one response with all of it when the model
   * is not streaming. Pass `request.signal` to the SDK. Mark the final response `isLast: true`
   * when the provider says so; otherwise the end of the iterable ends the speech.
   */
  protected abstract doSynthesize(
    text: string,
    request: TTSRequest<TOptions>,
  ): AsyncIterable<TTSResponse>;

  /** Turns an SDK error into a `ModelError` where possible (see `normalizeModelError`). */
  protected normalizeError(error: unknown): unknown {
    return normalizeModelError(error, this.provider);
  }

  /** The typed error for anything a provider threw: AgentScope errors as they are, others wrapped. */
  protected typedError(error: unknown): unknown {
    const normalized = this.normalizeError(error);
    if (AgentScopeError.isAgentScopeError(normalized)) return normalized;
    const { provider, what } = this.describe();
    const detail = normalized instanceof Error ? normalized.message : String(normalized);
    return new ModelError(`${what} failed (${detail}).`, {
      provider,
      cause: normalized,
      retryable: isRetryableError(normalized),
    });
  }

  /** Names the model in errors and timeouts. */
  protected readonly describe = (): { provider: string; what: string } => ({
    provider: this.provider,
    what: `The ${this.provider} TTS model ${this.modelName}`,
  });
}

function fullUsage(usage: Partial<TTSUsage> | undefined, time: number): TTSUsage {
  return { inputTokens: usage?.inputTokens ?? 0, outputTokens: usage?.outputTokens ?? 0, time };
}
