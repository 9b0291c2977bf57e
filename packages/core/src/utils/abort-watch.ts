// Why this exists: the agent's reply signal is watched by every model attempt and tool call of the
// reply, each for a few milliseconds. Adding and removing a DOM event listener per watcher runs
// Node's EventTarget code every time (≈ 0.2 µs warm, ≈ 2–3 µs each right after a network wait,
// issue 35); a set on the signal, served by one listener per signal, costs a fraction of that.
const WATCHERS: unique symbol = Symbol("agentscope.abortWatchers");

type Watched = AbortSignal & { [WATCHERS]?: Set<() => void> };

/**
 * Calls `onAbort` once when `signal` aborts (like `addEventListener("abort", onAbort, { once })`),
 * until {@link unwatchAbort} stops it. Watchers of one signal share one event listener and run in
 * the order they started watching; a function watches a signal at most once.
 */
export function watchAbort(signal: AbortSignal, onAbort: () => void): void {
  const watched = signal as Watched;
  let watchers = watched[WATCHERS];
  if (watchers === undefined) {
    const own = new Set<() => void>();
    watchers = own;
    Object.defineProperty(watched, WATCHERS, { value: own });
    signal.addEventListener(
      "abort",
      () => {
        for (const watcher of own) {
          own.delete(watcher);
          watcher();
        }
      },
      { once: true },
    );
  }
  watchers.add(onAbort);
}

/** Stops `onAbort` watching `signal` (see {@link watchAbort}); nothing when it was not. */
export function unwatchAbort(signal: AbortSignal, onAbort: () => void): void {
  (signal as Watched)[WATCHERS]?.delete(onAbort);
}
