import { interruptedErrorFrom } from "@agentscope-ts/core";

/**
 * A fixed set of items (context sequences) handed out one caller at a time: `acquire` returns a
 * free item or waits, first come first served, until one is released; waiting ends with an
 * `InterruptedError` when the signal aborts.
 */
export class SequencePool<T> {
  private readonly free: T[];
  private readonly waiters: Array<{ resolve: (item: T) => void; reject: (e: unknown) => void }> =
    [];

  constructor(items: readonly T[]) {
    this.free = [...items];
  }

  /** Takes a free item, waiting for one if needed. */
  acquire(signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(interruptedErrorFrom(signal));
    const item = this.free.pop();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise<T>((resolve, reject) => {
      const waiter = {
        resolve: (value: T) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(value);
        },
        reject,
      };
      const onAbort = () => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(interruptedErrorFrom(signal));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Gives an item back (to the longest waiter, if any). */
  release(item: T): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(item);
    else this.free.push(item);
  }
}
