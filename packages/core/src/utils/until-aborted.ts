import { unwatchAbort, watchAbort } from "./abort-watch.js";

/**
 * Waits for `promise`, but rejects with `signal.reason` as soon as `signal` aborts, so a caller
 * stops waiting on work that ignores its signal. The abandoned promise's late outcome is ignored
 * (never an unhandled rejection).
 */
export function untilAborted<T>(promise: PromiseLike<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.then(undefined, () => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.then(undefined, () => {});
      reject(signal.reason);
    };
    watchAbort(signal, onAbort);
    promise.then(
      (value) => {
        unwatchAbort(signal, onAbort);
        resolve(value);
      },
      (error: unknown) => {
        unwatchAbort(signal, onAbort);
        reject(error);
      },
    );
  });
}
