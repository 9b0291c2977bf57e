import type { ModelError } from "../errors/model-error.js";
import type { ModelEvent } from "../realtime/model-events.js";
import {
  type RealtimeCancelInfo,
  type RealtimeInput,
  RealtimeModelBase,
  type RealtimeModelBaseOptions,
  type RealtimeSetup,
} from "../realtime/realtime-model-base.js";

/** Options of {@link ScriptedRealtimeModel}. */
export interface ScriptedRealtimeModelOptions extends Partial<RealtimeModelBaseOptions> {
  /** The provider id. Default `"scripted"`. */
  provider?: string;
  /** The input sample rate. Default 16 000. */
  inputSampleRate?: number;
  /** The output sample rate. Default 24 000. */
  outputSampleRate?: number;
  /** Never finish connecting (a stalled handshake). */
  stallConnect?: boolean;
}

/** What a scripted model received, in order. */
export type ScriptedRealtimeCall =
  | { kind: "connect"; setup: Omit<RealtimeSetup, "signal"> }
  | { kind: "send"; block: RealtimeInput }
  | { kind: "create_response" }
  | { kind: "commit_audio" }
  | { kind: "cancel"; info: RealtimeCancelInfo }
  | { kind: "close" };

/**
 * A realtime model for tests with no socket: it records what it is given (`calls`) and emits the
 * events a test pushes (`push`), or fails like a dropped socket (`drop`). The shared contract of
 * `RealtimeModelBase` (states, stalls, barge-in bookkeeping) runs for real.
 */
export class ScriptedRealtimeModel extends RealtimeModelBase {
  readonly provider: string;
  readonly supportInputModalities = ["audio", "text", "image", "tool_result"] as const;
  readonly inputSampleRate: number;
  readonly outputSampleRate: number;
  /** Everything the model was given, in order. */
  readonly calls: ScriptedRealtimeCall[] = [];
  readonly #stallConnect: boolean;

  constructor(options: ScriptedRealtimeModelOptions = {}) {
    super({ modelName: "scripted-realtime", ...options });
    this.provider = options.provider ?? "scripted";
    this.inputSampleRate = options.inputSampleRate ?? 16_000;
    this.outputSampleRate = options.outputSampleRate ?? 24_000;
    this.#stallConnect = options.stallConnect ?? false;
  }

  /** Emits `events` as if the provider had sent them. */
  push(...events: ModelEvent[]): void {
    for (const event of events) this.emit(event);
  }

  /** Ends the session as a dropped socket does (a retryable `ModelError`). */
  drop(detail = "unexpectedly (code 1006)"): void {
    this.fail(this.closedError(detail));
  }

  /** Ends the session with `error`. */
  failWith(error: ModelError): void {
    this.fail(error);
  }

  protected async doConnect(setup: RealtimeSetup): Promise<void> {
    this.calls.push({
      kind: "connect",
      setup: { instructions: setup.instructions, tools: setup.tools },
    });
    if (this.#stallConnect) {
      await new Promise<void>((_, reject) =>
        setup.signal.addEventListener("abort", () => reject(setup.signal.reason), { once: true }),
      );
    }
    queueMicrotask(() => this.emit({ type: "model_session_created", session_id: "sess_scripted" }));
  }

  protected doSend(block: RealtimeInput): void {
    this.calls.push({ kind: "send", block });
  }

  protected override doCreateResponse(): void {
    this.calls.push({ kind: "create_response" });
  }

  protected override doCommitAudio(): void {
    this.calls.push({ kind: "commit_audio" });
  }

  protected doCancel(info: RealtimeCancelInfo): void {
    this.calls.push({ kind: "cancel", info });
  }

  protected doClose(): void {
    this.calls.push({ kind: "close" });
  }
}
