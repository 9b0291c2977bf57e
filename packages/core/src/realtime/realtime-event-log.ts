import type { ServerEvent, ServerEventOf, ServerEventType } from "./server-events.js";

/** Default wait of {@link RealtimeEventLog.waitFor}: 10 s. */
export const DEFAULT_EVENT_WAIT_MS = 10_000;

/**
 * Keeps the server events of a realtime session (up to `maxEvents`, oldest dropped) and lets a
 * caller wait, bounded, for one: the handler to give `RealtimeAgent.start` in tests and tools.
 */
export class RealtimeEventLog {
  /** The events received, in order. */
  readonly events: ServerEvent[] = [];
  readonly #maxEvents: number;
  #waiters: { test: (e: ServerEvent) => boolean; resolve: (e: ServerEvent) => void }[] = [];

  constructor(maxEvents = 100_000) {
    this.#maxEvents = maxEvents;
  }

  /** The handler: records `event` and wakes matching waiters. */
  readonly handle = (event: ServerEvent): void => {
    this.events.push(event);
    if (this.events.length > this.#maxEvents) this.events.shift();
    this.#waiters = this.#waiters.filter((w) => {
      if (!w.test(event)) return true;
      w.resolve(event);
      return false;
    });
  };

  /** The `type` of every event, in order. */
  get types(): ServerEventType[] {
    return this.events.map((e) => e.type);
  }

  /** The events of type `type`. */
  of<T extends ServerEventType>(type: T): ServerEventOf<T>[] {
    return this.events.filter((e): e is ServerEventOf<T> => e.type === type);
  }

  /**
   * The first event of `type` (already received, or the next one) that passes `test`; rejects
   * after `timeoutMs` naming what it waited for and what it saw.
   */
  waitFor<T extends ServerEventType>(
    type: T,
    test: (event: ServerEventOf<T>) => boolean = () => true,
    timeoutMs = DEFAULT_EVENT_WAIT_MS,
  ): Promise<ServerEventOf<T>> {
    const matches = (e: ServerEvent): boolean => e.type === type && test(e as ServerEventOf<T>);
    const seen = this.events.find(matches);
    if (seen) return Promise.resolve(seen as ServerEventOf<T>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w.resolve !== done);
        reject(
          new Error(`no ${type} event within ${timeoutMs} ms; received: ${this.types.join(", ")}`),
        );
      }, timeoutMs);
      const done = (e: ServerEvent) => {
        clearTimeout(timer);
        resolve(e as ServerEventOf<T>);
      };
      this.#waiters.push({ test: matches, resolve: done });
    });
  }
}
