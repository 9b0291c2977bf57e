import { ModelError } from "../errors/model-error.js";
import { untilAborted } from "../utils/until-aborted.js";
import { interruptedErrorFrom } from "./abortable-sleep.js";

/**
 * One attempt of a model request: a signal that aborts when the caller's signal does or when the
 * attempt times out, and {@link race} to stop waiting on a provider that ignores the signal.
 * `timeout` is idle time: it restarts with {@link touch} (each streamed chunk).
 */
export class AttemptControl {
  /** Pass this to the provider SDK. */
  readonly signal: AbortSignal;
  /** True once the timeout fired. */
  timedOut = false;
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onParentAbort: () => void;

  constructor(
    private readonly parent: AbortSignal | undefined,
    private readonly timeoutMs: number | undefined,
    private readonly describe: () => { provider: string; what: string },
  ) {
    this.signal = this.controller.signal;
    this.onParentAbort = () => this.controller.abort(interruptedErrorFrom(parent));
    if (parent?.aborted) this.onParentAbort();
    else parent?.addEventListener("abort", this.onParentAbort, { once: true });
    this.touch();
  }

  /** Restarts the idle timeout. */
  touch(): void {
    if (this.timeoutMs === undefined || this.timeoutMs <= 0 || this.signal.aborted) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(this.timeoutError());
    }, this.timeoutMs);
  }

  /** The error a timeout stands for: a retryable {@link ModelError}. */
  timeoutError(cause?: unknown): ModelError {
    const { provider, what } = this.describe();
    return new ModelError(`${what} timed out after ${this.timeoutMs} ms without a response.`, {
      provider,
      retryable: true,
      cause,
    });
  }

  /** The error to throw for `error`, given how this attempt ended (interrupted, timed out). */
  explain(error: unknown): unknown {
    if (this.parent?.aborted) return interruptedErrorFrom(this.parent);
    if (this.timedOut) return this.timeoutError(error);
    return error;
  }

  /** Stops the idle timer (while the consumer holds a chunk); {@link touch} restarts it. */
  pause(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Waits for `promise`, but rejects as soon as the attempt is aborted or times out. */
  race<T>(promise: Promise<T>): Promise<T> {
    return untilAborted(promise, this.signal);
  }

  /** Stops the timer and detaches from the caller's signal. */
  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.parent?.removeEventListener("abort", this.onParentAbort);
  }
}
