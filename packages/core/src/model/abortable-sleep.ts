import { InterruptedError } from "../errors/interrupted-error.js";

/** The {@link InterruptedError} an aborted `signal` stands for (its reason, when it is one). */
export function interruptedErrorFrom(signal: AbortSignal | undefined): InterruptedError {
  const reason = signal?.reason;
  if (reason instanceof InterruptedError) return reason;
  return new InterruptedError("The operation was aborted.", { cause: reason });
}

/**
 * Waits `ms` milliseconds, or rejects with an {@link InterruptedError} as soon as `signal` aborts
 * (at once if it already has). The timer is cleared on abort, so nothing keeps running.
 */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(interruptedErrorFrom(signal));
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(interruptedErrorFrom(signal));
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
