import { ModelError } from "../errors/model-error.js";
import { unwatchAbort, watchAbort } from "../utils/abort-watch.js";
import { timerLimit } from "../utils/limit-option.js";
import { ownedSignal } from "../utils/signal-controller.js";
import { untilAborted } from "../utils/until-aborted.js";
import { interruptedErrorFrom } from "./abortable-sleep.js";

/** The time limits of one attempt, in milliseconds; `undefined` (or <= 0) means no limit. */
export interface AttemptLimits {
  /** The longest wait for the first response or chunk, and for each later chunk (legacy `timeout`). */
  responseMs?: number | undefined;
  /** The longest silence between two streamed chunks, once the first one arrived (`idleTimeout`). */
  idleMs?: number | undefined;
  /** The longest an attempt may take, from sending to its last chunk (`requestTimeout`). */
  totalMs?: number | undefined;
}

type Which = "response" | "idle" | "total";

const minOf = (a: number | undefined, b: number | undefined): number | undefined =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b);

/**
 * One attempt of a model request: a signal that aborts when the caller's signal does or when the
 * attempt times out, and {@link race} to stop waiting on a provider that ignores the signal.
 * Three limits apply (see {@link AttemptLimits}): the response wait restarts with {@link touch}
 * (each streamed chunk), the idle wait applies between chunks after the first, and the total
 * limit runs from construction to {@link dispose}.
 */
export class AttemptControl {
  /**
   * Pass this to the provider SDK. Its controller is found with `signalController`: a provider's
   * `fetch` may abort it (the SDK's own timeout) instead of composing a third signal.
   */
  readonly signal: AbortSignal;
  /** True once a timeout fired. */
  timedOut = false;
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private totalTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly onParentAbort: () => void;
  private readonly limits: AttemptLimits;
  private fired: { which: Which; ms: number } | undefined;
  private chunks = 0;
  // The wait timer is restarted with `refresh()` where timers have it (Node): no new timer per
  // chunk. While the consumer holds a chunk the timer may run on; firing then does nothing.
  private waiting = false;
  private waitMs = 0;
  private waitWhich: Which = "response";
  // The current waiter's reject. Only this class aborts `controller` (the parent's abort and the
  // timers), and each of those calls `onAbort` itself: no listener on our own signal.
  private rejectWaiter: ((reason: unknown) => void) | undefined;

  constructor(
    private readonly parent: AbortSignal | undefined,
    limits: number | undefined | AttemptLimits,
    private readonly describe: () => { provider: string; what: string },
  ) {
    this.limits = typeof limits === "object" ? limits : { responseMs: limits };
    this.signal = ownedSignal(this.controller);
    this.onParentAbort = () => {
      this.controller.abort(interruptedErrorFrom(parent));
      this.onAbort();
    };
    if (parent?.aborted) this.onParentAbort();
    else if (parent) watchAbort(parent, this.onParentAbort);
    const total = timerLimit(this.limits.totalMs);
    if (total !== undefined && !this.signal.aborted) {
      this.totalTimer = setTimeout(() => this.fire("total", total), total);
      // A stream its consumer stopped reading (without closing) must not keep Node running.
      (this.totalTimer as { unref?: () => void }).unref?.();
    }
    this.touch();
  }

  /** Restarts the wait for the next chunk; call it each time a chunk is awaited. */
  touch(): void {
    if (this.signal.aborted) return;
    const response = timerLimit(this.limits.responseMs);
    const idle = this.chunks > 0 ? timerLimit(this.limits.idleMs) : undefined;
    const ms = minOf(response, idle);
    this.waiting = ms !== undefined;
    if (ms === undefined) {
      this.clearWaitTimer();
      return;
    }
    const which: Which = ms === response ? "response" : "idle";
    const timer = this.timer as { refresh?: () => unknown } | undefined;
    if (timer?.refresh && ms === this.waitMs && which === this.waitWhich) {
      timer.refresh();
      return;
    }
    this.clearWaitTimer();
    this.waitMs = ms;
    this.waitWhich = which;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.waiting) this.fire(which, ms);
    }, ms);
  }

  private clearWaitTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private fire(which: Which, ms: number): void {
    if (this.signal.aborted) return;
    this.timedOut = true;
    this.fired = { which, ms };
    this.controller.abort(this.timeoutError());
    this.onAbort();
  }

  /** The error a timeout stands for: a retryable {@link ModelError} naming the limit. */
  timeoutError(cause?: unknown): ModelError {
    const { provider, what } = this.describe();
    const fired = this.fired ?? { which: "response", ms: this.limits.responseMs ?? 0 };
    const message =
      fired.which === "idle"
        ? `${what} stalled: no stream chunk for ${fired.ms} ms (idleTimeout). Raise or disable it with the model's idleTimeout option.`
        : fired.which === "total"
          ? `${what} timed out: the request took longer than ${fired.ms} ms (requestTimeout). Raise or disable it with the model's requestTimeout option.`
          : `${what} timed out after ${fired.ms} ms without a response.`;
    return new ModelError(message, { provider, retryable: true, cause });
  }

  /** The error to throw for `error`, given how this attempt ended (interrupted, timed out). */
  explain(error: unknown): unknown {
    if (this.parent?.aborted) return interruptedErrorFrom(this.parent);
    if (this.timedOut) return this.timeoutError(error);
    return error;
  }

  /** Stops the wait timer while the consumer holds a chunk; {@link touch} restarts it. */
  pause(): void {
    this.chunks++;
    this.waiting = false;
  }

  /** Waits for `promise`, but rejects as soon as the attempt is aborted or times out. */
  race<T>(promise: Promise<T>): Promise<T> {
    if (this.signal.aborted || this.rejectWaiter) return untilAborted(promise, this.signal);
    return new Promise<T>((resolve, reject) => {
      this.rejectWaiter = reject;
      promise.then(
        (value) => {
          this.rejectWaiter = undefined;
          resolve(value);
        },
        (error: unknown) => {
          this.rejectWaiter = undefined;
          reject(error);
        },
      );
    });
  }

  private readonly onAbort = (): void => {
    const reject = this.rejectWaiter;
    this.rejectWaiter = undefined;
    reject?.(this.signal.reason);
  };

  /** Stops the timers and detaches from the caller's signal. */
  dispose(): void {
    this.waiting = false;
    if (this.timer !== undefined) clearTimeout(this.timer);
    if (this.totalTimer !== undefined) clearTimeout(this.totalTimer);
    this.timer = undefined;
    this.totalTimer = undefined;
    if (this.parent) unwatchAbort(this.parent, this.onParentAbort);
  }
}
