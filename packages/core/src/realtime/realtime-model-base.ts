import { InterruptedError } from "../errors/interrupted-error.js";
import { ModelError } from "../errors/model-error.js";
import { StateError } from "../errors/state-error.js";
import { ValidationError } from "../errors/validation-error.js";
import type { AudioBlock, ImageBlock, TextBlock, ToolResultBlock } from "../message/index.js";
import { interruptedErrorFrom } from "../model/abortable-sleep.js";
import type { ToolFunctionSchema } from "../tool/tool-schema.js";
import { pcm16DurationMs } from "../tts/pcm.js";
import { limitOrDefault } from "../utils/limit-option.js";
import type { ModelEvent } from "./model-events.js";

/** What a realtime model accepts through {@link RealtimeModelBase.send}. */
export type RealtimeInput = AudioBlock | TextBlock | ImageBlock | ToolResultBlock;

/** Default {@link RealtimeModelBaseOptions.connectTimeout}: 30 s to open the session. */
export const DEFAULT_REALTIME_CONNECT_TIMEOUT_MS = 30_000;

/** Default {@link RealtimeModelBaseOptions.idleTimeout}: 60 s of silence inside a response. */
export const DEFAULT_REALTIME_IDLE_TIMEOUT_MS = 60_000;

/** Options every realtime model takes. */
export interface RealtimeModelBaseOptions {
  /** The model name, e.g. `"gpt-realtime"`. */
  modelName: string;
  /** The longest wait for the session to open and be configured, in ms; `null` = no limit. Default 30 000. */
  connectTimeout?: number | null;
  /**
   * The longest gap between the provider's events while a response is under way, in ms; past it
   * the socket counts as stalled and the session ends with a `ModelError`. `null` = no limit.
   * Default 60 000.
   */
  idleTimeout?: number | null;
}

/** What {@link RealtimeModelBase.connect} needs. */
export interface RealtimeConnectOptions {
  /** The system prompt. */
  instructions: string;
  /** The tools the model may call, as `Toolkit.getJsonSchemas()` gives them. */
  tools?: readonly ToolFunctionSchema[] | undefined;
  /** Receives every model event, in order. */
  onEvent: (event: ModelEvent) => void;
  /** Aborts the connection attempt (an `InterruptedError`); once open, `close()` ends the session. */
  signal?: AbortSignal | undefined;
}

/** What a provider's `doConnect` gets. */
export interface RealtimeSetup {
  /** The system prompt. */
  instructions: string;
  /** The tools, in the chat-completions JSON schema form. */
  tools: readonly ToolFunctionSchema[];
  /** Aborted when the connect attempt is given up (timeout, abort). */
  signal: AbortSignal;
}

/** Where a barge-in cuts the model's speech. */
export interface RealtimeCancelInfo {
  /** Whether a response was still being generated (it must be cancelled). */
  responseActive: boolean;
  /** The response being cut, when known. */
  responseId: string | undefined;
  /** The item whose audio was playing, when any audio was sent. */
  itemId: string | undefined;
  /** How many milliseconds of that item's audio were delivered (what the user heard at most). */
  audioEndMs: number;
}

/** The states of a realtime session. */
export type RealtimeSessionState = "idle" | "connecting" | "open" | "closed";

/**
 * One live session with a realtime (speech-to-speech) model: AgentScope's `RealtimeModelBase`.
 * `connect()` opens and configures it (bounded by `connectTimeout`, abortable), `send()` streams
 * audio, text, images and tool results in, and every provider event comes out through `onEvent`
 * as a provider-neutral {@link ModelEvent}. A stalled socket (`idleTimeout` inside a response), a
 * dropped one or an error ends the session with a `model_error` event, `error` set to a typed
 * error, and `model_session_ended`. Providers implement `doConnect`, `doSend`, `doCancel`,
 * `doClose` and report through `emit` / `fail`.
 */
export abstract class RealtimeModelBase {
  /** The provider id, e.g. `"openai"`. */
  abstract readonly provider: string;
  /** What `send()` accepts: block types among `audio`, `text`, `image`, `tool_result`. */
  abstract readonly supportInputModalities: readonly RealtimeInput["type"][];
  /** The sample rate of PCM16 audio the model listens to, in Hz. */
  abstract readonly inputSampleRate: number;
  /** The sample rate of PCM16 audio the model speaks, in Hz. */
  abstract readonly outputSampleRate: number;
  /** The model name. */
  readonly modelName: string;
  /** The connect limit in ms (`null` = none). */
  readonly connectTimeout: number | null;
  /** The stall limit in ms (`null` = none). */
  readonly idleTimeout: number | null;
  /** The error that ended the session, if one did. */
  error: ModelError | InterruptedError | undefined;
  #state: RealtimeSessionState = "idle";
  #onEvent: ((event: ModelEvent) => void) | undefined;
  #sessionId = "";
  #responseId: string | undefined;
  #audioItem: string | undefined;
  #audioBytes = 0;
  #idleTimer: ReturnType<typeof setTimeout> | undefined;
  #rejectConnect: ((error: unknown) => void) | undefined;

  constructor(options: RealtimeModelBaseOptions) {
    if (typeof options?.modelName !== "string" || options.modelName === "") {
      throw new ValidationError("realtime model options", [
        { path: "modelName", message: "required (expected a non-empty model name)" },
      ]);
    }
    this.modelName = options.modelName;
    this.connectTimeout = limitOrDefault(
      options.connectTimeout,
      DEFAULT_REALTIME_CONNECT_TIMEOUT_MS,
      "connectTimeout",
      "realtime model options",
    );
    this.idleTimeout = limitOrDefault(
      options.idleTimeout,
      DEFAULT_REALTIME_IDLE_TIMEOUT_MS,
      "idleTimeout",
      "realtime model options",
    );
  }

  /** Where the session is: `idle`, `connecting`, `open` or `closed`. */
  get state(): RealtimeSessionState {
    return this.#state;
  }

  /** Whether a response is being generated now. */
  get responseActive(): boolean {
    return this.#responseId !== undefined;
  }

  /**
   * Opens the session and sends its configuration (instructions, tools, the provider's audio,
   * VAD and voice settings). Throws a `ModelError` naming the host and `connectTimeout`, or an
   * `InterruptedError` on abort; a model connects once (`StateError` otherwise).
   */
  async connect(options: RealtimeConnectOptions): Promise<void> {
    if (this.#state !== "idle") {
      throw new StateError(
        `${this.provider} realtime model ${this.modelName} is ${this.#state}: a model holds one session; create a new model for another session.`,
      );
    }
    if (options.signal?.aborted) throw interruptedErrorFrom(options.signal);
    this.#state = "connecting";
    this.#onEvent = options.onEvent;
    const attempt = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = new Promise<never>((_, reject) => {
      this.#rejectConnect = reject;
      const onAbort = () => reject(interruptedErrorFrom(options.signal));
      options.signal?.addEventListener("abort", onAbort, { once: true });
      attempt.signal.addEventListener("abort", () =>
        options.signal?.removeEventListener("abort", onAbort),
      );
      if (this.connectTimeout !== null) {
        const ms = this.connectTimeout;
        timer = setTimeout(
          () =>
            reject(
              new ModelError(
                `${this.provider}: the realtime session for ${this.modelName} did not open within connectTimeout (${ms} ms); check the network and endpoint, or raise connectTimeout.`,
                { provider: this.provider, retryable: true },
              ),
            ),
          ms,
        );
      }
    });
    const connecting = this.doConnect({
      instructions: options.instructions,
      tools: options.tools ?? [],
      signal: attempt.signal,
    });
    try {
      await Promise.race([connecting, stop]);
      if (this.#state === "connecting") this.#state = "open";
    } catch (error) {
      connecting.catch(() => {});
      attempt.abort(error);
      this.error = toTypedError(error, this.provider);
      this.#state = "closed";
      await this.#closeQuietly();
      throw this.error;
    } finally {
      clearTimeout(timer);
      this.#rejectConnect = undefined;
      attempt.abort();
    }
    if (this.state === "closed") throw this.error ?? this.#closedError("while connecting");
  }

  /**
   * Sends audio (base64 PCM16 at `inputSampleRate`), text, an image or a tool result. A block
   * type the provider does not take is a `ValidationError`; a closed session is a `StateError`.
   */
  async send(block: RealtimeInput): Promise<void> {
    this.#assertOpen("send");
    if (!this.supportInputModalities.includes(block?.type)) {
      throw new ValidationError(`${this.provider} realtime input`, [
        {
          path: "type",
          message: `${this.provider} realtime models take ${this.supportInputModalities.join(", ")}, received ${String(block?.type)}`,
        },
      ]);
    }
    await this.doSend(block);
  }

  /** Asks the model to answer now (after text input, or with server VAD off). */
  async createResponse(): Promise<void> {
    this.#assertOpen("createResponse");
    await this.doCreateResponse();
  }

  /** Commits the audio sent so far as one user turn (for sessions without server VAD). */
  async commitAudio(): Promise<void> {
    this.#assertOpen("commitAudio");
    await this.doCommitAudio();
  }

  /**
   * Barge-in: cancels the response under way and cuts what the model had said at `audioEndMs`
   * (default: all audio delivered so far), as the provider requires. Returns where it cut.
   */
  async cancelResponse(options: { audioEndMs?: number } = {}): Promise<RealtimeCancelInfo> {
    this.#assertOpen("cancelResponse");
    const delivered = Math.floor(pcm16DurationMs(this.#audioBytes, this.outputSampleRate));
    const info: RealtimeCancelInfo = {
      responseActive: this.responseActive,
      responseId: this.#responseId,
      itemId: this.#audioItem,
      audioEndMs: Math.min(options.audioEndMs ?? delivered, delivered),
    };
    this.#audioItem = undefined;
    this.#audioBytes = 0;
    await this.doCancel(info);
    return info;
  }

  /** Ends the session (idempotent): the socket closes and `model_session_ended` is emitted. */
  async close(reason = "closed by the client"): Promise<void> {
    if (this.#state === "closed" || this.#state === "idle") {
      this.#state = "closed";
      return;
    }
    this.#state = "closed";
    this.#clearIdle();
    await this.#closeQuietly();
    this.#deliver({ type: "model_session_ended", session_id: this.#sessionId, reason });
  }

  /** Opens the provider's socket and configures the session; resolves once it is ready. */
  protected abstract doConnect(setup: RealtimeSetup): Promise<void>;
  /** Sends one input block in the provider's form. */
  protected abstract doSend(block: RealtimeInput): Promise<void> | void;
  /** Cancels and truncates as the provider requires (see {@link RealtimeCancelInfo}). */
  protected abstract doCancel(info: RealtimeCancelInfo): Promise<void> | void;
  /** Closes the provider's socket. */
  protected abstract doClose(): Promise<void> | void;
  /** Requests a response; providers that answer on their own leave it a no-op. */
  protected doCreateResponse(): Promise<void> | void {}
  /** Commits the input audio; providers without manual commit leave it a no-op. */
  protected doCommitAudio(): Promise<void> | void {}

  /** Reports a provider event (translated); keeps the response and stall bookkeeping. */
  protected emit(event: ModelEvent): void {
    if (this.#state === "closed") return;
    switch (event.type) {
      case "model_session_created":
        this.#sessionId = event.session_id;
        break;
      case "model_response_created":
        this.#responseId = event.response_id;
        this.#audioItem = undefined;
        this.#audioBytes = 0;
        break;
      case "model_response_done":
        this.#responseId = undefined;
        break;
      case "model_response_audio_delta":
        if (event.item_id !== this.#audioItem) {
          this.#audioItem = event.item_id;
          this.#audioBytes = 0;
        }
        this.#audioBytes += base64ByteLength(event.delta);
        break;
    }
    this.#armIdle();
    this.#deliver(event);
  }

  /**
   * Ends the session on a failure: a `model_error` event, `error` set, the socket closed and
   * `model_session_ended`. Providers call it when their socket closes or errors unexpectedly.
   */
  protected fail(error: ModelError | InterruptedError): void {
    if (this.#state === "closed") return;
    const wasConnecting = this.#state === "connecting";
    this.error = error;
    this.#state = "closed";
    this.#clearIdle();
    this.#responseId = undefined;
    void this.#closeQuietly();
    if (wasConnecting) {
      this.#rejectConnect?.(error);
      return;
    }
    this.#deliver({
      type: "model_error",
      error_type: error.name,
      code: error.code,
      message: error.message,
    });
    this.#deliver({
      type: "model_session_ended",
      session_id: this.#sessionId,
      reason: error.message,
    });
  }

  /** A `ModelError` for a socket that closed while the session was open. */
  protected closedError(detail: string): ModelError {
    return this.#closedError(detail);
  }

  #closedError(detail: string): ModelError {
    return new ModelError(
      `${this.provider}: the realtime session for ${this.modelName} closed ${detail}${this.responseActive ? " in the middle of a response" : ""}; start a new session.`,
      { provider: this.provider, retryable: true },
    );
  }

  #deliver(event: ModelEvent): void {
    try {
      this.#onEvent?.(event);
    } catch {
      // A listener's failure must not break the socket's read loop.
    }
  }

  #armIdle(): void {
    this.#clearIdle();
    if (this.idleTimeout === null || this.#responseId === undefined) return;
    const ms = this.idleTimeout;
    this.#idleTimer = setTimeout(() => {
      this.fail(
        new ModelError(
          `${this.provider}: the realtime session for ${this.modelName} sent nothing for idleTimeout (${ms} ms) in the middle of a response: the socket stalled; start a new session or raise idleTimeout.`,
          { provider: this.provider, retryable: true },
        ),
      );
    }, ms);
  }

  #clearIdle(): void {
    if (this.#idleTimer !== undefined) clearTimeout(this.#idleTimer);
    this.#idleTimer = undefined;
  }

  #assertOpen(what: string): void {
    if (this.#state !== "open") {
      throw new StateError(
        `${this.provider} realtime model ${this.modelName}: cannot ${what} while the session is ${this.#state}${this.error ? ` (${this.error.message})` : ""}; call connect() first or start a new session.`,
      );
    }
  }

  async #closeQuietly(): Promise<void> {
    try {
      await this.doClose();
    } catch {
      // The session is over either way.
    }
  }
}

function base64ByteLength(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

function toTypedError(error: unknown, provider: string): ModelError | InterruptedError {
  if (error instanceof ModelError || error instanceof InterruptedError) return error;
  return new ModelError(
    `${provider}: the realtime session could not be opened: ${error instanceof Error ? error.message : String(error)}`,
    { provider, retryable: false, cause: error },
  );
}
