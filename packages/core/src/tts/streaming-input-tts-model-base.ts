import { AgentScopeError } from "../errors/agentscope-error.js";
import { ModelError } from "../errors/model-error.js";
import { StateError } from "../errors/state-error.js";
import { ValidationError } from "../errors/validation-error.js";
import type { AudioBlock } from "../message/content-block.js";
import type { Msg } from "../message/msg.js";
import { interruptedErrorFrom } from "../model/abortable-sleep.js";
import { AttemptControl } from "../model/attempt-control.js";
import { concatAudioBlocks } from "./audio-block.js";
import {
  spokenText,
  type TTSCallOptions,
  TTSModelBase,
  type TTSModelBaseOptions,
  type TTSRequest,
} from "./tts-model-base.js";
import {
  createTTSResponse,
  type TTSResponse,
  type TTSUsage,
  ttsUsageField,
} from "./tts-response.js";

/**
 * Internal key of {@link StreamingInputTTSModelBase}'s delta push (not exported from the package:
 * users call the cumulative `push(msg)`).
 * @internal
 */
export const PUSH_TEXT: unique symbol = Symbol("agentscope.pushText");

/** The most audio chunks a streaming-input model buffers before they are read. */
export const MAX_BUFFERED_TTS_CHUNKS = 10_000;

type InboxItem =
  | { kind: "audio"; response: TTSResponse }
  | { kind: "end"; usage?: Partial<TTSUsage>; metadata?: Record<string, unknown> }
  | { kind: "error"; error: unknown };

/**
 * The base class of TTS models that take text while it is written (AgentScope's realtime TTS:
 * `supports_streaming_input = True`), typically over one WebSocket.
 *
 * The base class tracks the message being spoken (one at a time, by `msg.id`) and sends only the
 * text added since the previous {@link push}; buffers the audio the provider reports through
 * {@link receiveAudio} / {@link receiveEnd} / {@link receiveError} (bounded by
 * {@link MAX_BUFFERED_TTS_CHUNKS}); connects on first use; bounds every wait by `idleTimeout`; and
 * after a failure or an abort closes the connection, so the next message starts on a fresh one.
 * A provider implements {@link doConnect}, {@link doPush}, {@link doFinish} and {@link doClose}.
 */
export abstract class StreamingInputTTSModelBase<
  TOptions extends TTSCallOptions = TTSCallOptions,
> extends TTSModelBase<TOptions> {
  #connection: Promise<void> | undefined;
  #current: { msgId: string; sent: string } | undefined;
  #inbox: InboxItem[] = [];
  #wake: (() => void) | undefined;

  constructor(options: TTSModelBaseOptions) {
    super(options);
  }

  /** True: {@link push} sends text as it is written. */
  override get supportsStreamingInput(): boolean {
    return true;
  }

  /** Whether a connection is open (or opening). */
  get connected(): boolean {
    return this.#connection !== undefined;
  }

  /** Opens the provider connection (once; `push` and `synthesize` call it when needed). */
  override async connect(options: { signal?: AbortSignal } = {}): Promise<void> {
    if (!this.#connection) {
      const ctl = new AttemptControl(
        options.signal,
        { responseMs: this.idleTimeout ?? undefined },
        this.describe,
      );
      this.#inbox = [];
      const opening = ctl
        .race(this.doConnect({ signal: ctl.signal }))
        .catch((error: unknown) => {
          if (this.#connection === opening) this.#connection = undefined;
          throw this.typedError(ctl.explain(error));
        })
        .finally(() => ctl.dispose());
      this.#connection = opening;
    }
    await this.#connection;
  }

  /** Closes the connection and forgets the message in progress. Safe to call more than once. */
  override async close(): Promise<void> {
    const connection = this.#connection;
    this.#connection = undefined;
    this.#current = undefined;
    this.#inbox = [];
    this.#wake?.();
    if (!connection) return;
    const opened = await connection.then(
      () => true,
      () => false,
    );
    if (opened) await this.doClose();
  }

  /**
   * Sends the text of `msg` added since the previous push of the same message and returns the
   * audio that arrived meanwhile (`content: null` when none did), without waiting for more.
   * Pushing another message before the current one is finished is a `StateError`.
   */
  override async push(msg: Msg, options?: TOptions): Promise<TTSResponse> {
    return this.#push(msg.id, options, (sent) => {
      const text = spokenText(msg);
      if (!text.startsWith(sent)) {
        throw new ValidationError(
          "pushed message",
          [{ path: "content", message: "the text no longer starts with the text pushed before" }],
          {
            hint: "push() takes the message as it grows (cumulative); start a new message to speak other text.",
          },
        );
      }
      return text.slice(sent.length);
    });
  }

  /**
   * Internal (what `ReActAgent` speaks through): sends `text`, the text added to message `msgId`
   * since the previous push, and returns the audio that arrived meanwhile, as {@link push} does
   * but without reading the message's text again: O(new text) per call.
   * @internal
   */
  async [PUSH_TEXT](msgId: string, text: string, options?: TOptions): Promise<TTSResponse> {
    if (typeof msgId !== "string" || msgId === "" || typeof text !== "string") {
      throw new ValidationError("pushed text", [
        {
          path: typeof text !== "string" ? "text" : "msgId",
          message:
            typeof text !== "string" ? "expected a string" : "expected a non-empty message id",
        },
      ]);
    }
    return this.#push(msgId, options, () => text);
  }

  // Connects, checks that `msgId` is the message being spoken, sends its new text (`added` of
  // the text sent so far) and drains the audio that arrived meanwhile.
  async #push(
    msgId: string,
    options: TOptions | undefined,
    added: (sent: string) => string,
  ): Promise<TTSResponse> {
    const { signal, ...rest } = options ?? ({} as TOptions);
    if (signal?.aborted) throw interruptedErrorFrom(signal);
    await this.connect(signal ? { signal } : {});
    const current = this.#current ?? { msgId, sent: "" };
    if (current.msgId !== msgId) {
      throw new StateError(
        `${this.constructor.name} speaks one message at a time: message ${current.msgId} is still open. Finish it with synthesize() (or synthesizeStream()) before pushing message ${msgId}.`,
      );
    }
    this.#current = current;
    const delta = added(current.sent);
    if (delta !== "") {
      const ctl = new AttemptControl(
        signal,
        { responseMs: this.idleTimeout ?? undefined },
        this.describe,
      );
      try {
        const request = { ...rest, signal: ctl.signal, attempt: 1, msgId } as TTSRequest<TOptions>;
        await ctl.race(this.doPush(delta, request));
      } catch (error) {
        const typed = this.typedError(ctl.explain(error));
        await this.close();
        throw typed;
      } finally {
        ctl.dispose();
      }
      // A rope: appending is O(delta); only push() reads it whole (to check its continuation).
      current.sent += delta;
    }
    let content: AudioBlock | null;
    try {
      content = this.#drainAudio();
    } catch (error) {
      await this.close();
      throw error;
    }
    return createTTSResponse({ content, isLast: false });
  }

  /**
   * Finishes the message: sends what is left of `msg` (if given), tells the provider the text is
   * complete, and yields the audio until the provider ends the speech (deltas; the last has
   * `isLast: true`). Without `msg`, finishes the message pushed so far.
   */
  override async *synthesizeStream(
    msg?: Msg,
    options?: TOptions,
  ): AsyncGenerator<TTSResponse, void, undefined> {
    const {
      signal,
      idleTimeout = this.idleTimeout,
      requestTimeout = this.requestTimeout,
      maxRetries: _,
      ...rest
    } = options ?? ({} as TOptions);
    const started = Date.now();
    let finished = false;
    try {
      if (msg) {
        const pushed = await this.push(msg, options);
        if (pushed.content) yield pushed;
      }
      const current = this.#current;
      if (!current) {
        throw new ValidationError("synthesize arguments", [
          { path: "msg", message: "required: no message was pushed to finish" },
        ]);
      }
      const ctl = new AttemptControl(
        signal,
        { responseMs: idleTimeout ?? undefined, totalMs: requestTimeout ?? undefined },
        this.describe,
      );
      try {
        const request = {
          ...rest,
          signal: ctl.signal,
          attempt: 1,
          msgId: current.msgId,
        } as TTSRequest<TOptions>;
        const wait = async (): Promise<IteratorResult<TTSResponse>> => {
          ctl.touch();
          try {
            return await ctl.race(this.#next());
          } catch (error) {
            throw this.typedError(ctl.explain(error));
          }
        };
        try {
          await ctl.race(this.doFinish(request));
        } catch (error) {
          throw this.typedError(ctl.explain(error));
        }
        yield* this.relay(started, undefined, wait, () => ctl.pause());
      } finally {
        ctl.dispose();
      }
      finished = true;
    } finally {
      this.#current = undefined;
      if (!finished) await this.close();
    }
  }

  /** Not used: a streaming-input model speaks through {@link push} and {@link synthesizeStream}. */
  protected override doSynthesize(
    _text: string,
    _request: TTSRequest<TOptions>,
  ): AsyncIterable<TTSResponse> {
    throw new AgentScopeError(
      `${this.constructor.name} synthesizes through push()/synthesizeStream(); doSynthesize is not used.`,
    );
  }

  /** Opens the connection (a WebSocket) and starts the session; abort on `signal`. */
  protected abstract doConnect(request: { signal: AbortSignal }): Promise<void>;

  /** Sends a piece of text (the part of the message new since the previous call). */
  protected abstract doPush(text: string, request: TTSRequest<TOptions>): Promise<void>;

  /** Tells the provider the message's text is complete (commit / finish frame). */
  protected abstract doFinish(request: TTSRequest<TOptions>): Promise<void>;

  /** Closes the connection. */
  protected abstract doClose(): Promise<void>;

  /** For providers: audio arrived (a delta, as a response or a block). */
  protected receiveAudio(audio: TTSResponse | AudioBlock): void {
    if (this.#inbox.length >= MAX_BUFFERED_TTS_CHUNKS) {
      this.receiveError(
        new ModelError(
          `${this.describe().what} buffered more than ${MAX_BUFFERED_TTS_CHUNKS} audio chunks that nobody read. Read them with push() or synthesizeStream().`,
          { provider: this.provider },
        ),
      );
      return;
    }
    const response =
      "type" in audio && audio.type === "audio"
        ? createTTSResponse({ content: audio, isLast: false })
        : (audio as TTSResponse);
    this.#put({ kind: "audio", response: { ...response, isLast: false } });
  }

  /** For providers: the provider finished speaking the message (with its usage, if reported). */
  protected receiveEnd(
    fields: { usage?: Partial<TTSUsage>; metadata?: Record<string, unknown> } = {},
  ): void {
    this.#put({ kind: "end", ...fields });
  }

  /** For providers: the connection failed (an error frame, a close mid-speech). */
  protected receiveError(error: unknown): void {
    this.#put({ kind: "error", error: this.typedError(error) });
  }

  #put(item: InboxItem): void {
    this.#inbox.push(item);
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  #drainAudio(): AudioBlock | null {
    const blocks: AudioBlock[] = [];
    while (this.#inbox[0]?.kind === "audio") {
      const item = this.#inbox.shift() as { response: TTSResponse };
      if (item.response.content) blocks.push(item.response.content);
    }
    const head = this.#inbox[0];
    if (head?.kind === "error") throw head.error;
    return concatAudioBlocks(blocks);
  }

  async #next(): Promise<IteratorResult<TTSResponse>> {
    for (;;) {
      const item = this.#inbox.shift();
      if (item?.kind === "audio") return { done: false, value: item.response };
      if (item?.kind === "error") throw item.error;
      if (item?.kind === "end") {
        const usage = item.usage;
        if (!usage && !item.metadata) return { done: true, value: undefined };
        return {
          done: false,
          value: createTTSResponse({
            content: null,
            isLast: true,
            ...ttsUsageField(usage),
            ...(item.metadata ? { metadata: item.metadata } : {}),
          }),
        };
      }
      if (!this.#connection) {
        throw new ModelError(`${this.describe().what}: the connection was closed while speaking.`, {
          provider: this.provider,
          retryable: true,
        });
      }
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }
}
