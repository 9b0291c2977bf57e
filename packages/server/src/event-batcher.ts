import type { AppendResult, EventInput } from "./backend.js";

/** Writes a batch of events in order, releasing the lease after the last one when `release`. */
export type BatchWriter = (events: EventInput[], release: boolean) => Promise<AppendResult | null>;

/** Events a run may queue ahead of the log before `push` waits for the writes to catch up. */
const DEFAULT_MAX_QUEUED = 256;

/**
 * A run's events on their way to the log: `push` queues an event and returns at once while one
 * write is in flight, and the events queued meanwhile go in the next write together (one round
 * trip for a burst of streamed chunks instead of one each). Order is kept; the event that ends a
 * run and `drain` (called before every checkpoint) wait until everything queued is written.
 * A lost lease (the write answers `null`) fails every later `push` and `drain`, and nothing is
 * written after it; a failed write drops what was queued and fails the next `push` or `drain`
 * once (so the run can still log that it failed).
 */
export class EventBatcher {
  readonly #write: BatchWriter;
  readonly #lost: () => Error;
  readonly #onInterrupt: () => void;
  readonly #maxQueued: number;
  #queue: EventInput[] = [];
  #release = false;
  #flushing: Promise<void> | null = null;
  #failure: unknown = null;
  #lostLease = false;
  // Set while `finish` waits for the write in flight: what is queued meanwhile goes with it.
  #holdBack = false;

  constructor(
    write: BatchWriter,
    lost: () => Error,
    onInterrupt: () => void,
    maxQueued = DEFAULT_MAX_QUEUED,
  ) {
    this.#write = write;
    this.#lost = lost;
    this.#onInterrupt = onInterrupt;
    this.#maxQueued = maxQueued;
  }

  /** Queues `event`; with `release` (the run's last event) waits until the lease is given back. */
  async push(event: EventInput, release = false): Promise<void> {
    this.#throwFailure();
    this.#queue.push(event);
    if (release) this.#release = true;
    this.#flushing ??= this.#flush();
    if (release || this.#queue.length >= this.#maxQueued) await this.drain();
  }

  /**
   * Queues `event` without starting a write: it goes with the next one (a `push`, `drain` or
   * `finish`). For an event the run's end follows at once (the agent's `reply`).
   */
  defer(event: EventInput): void {
    this.#throwFailure();
    this.#queue.push(event);
  }

  /** Waits until every queued event is written; throws what stopped the writes. */
  async drain(): Promise<void> {
    if (this.#queue.length > 0 && this.#failure === null) this.#flushing ??= this.#flush();
    while (this.#flushing) await this.#flushing;
    this.#throwFailure();
  }

  /**
   * Ends the log's part of the run: after the write in flight, passes what is queued to `write`
   * (one step with the events that end the run) instead of writing it on its own. Throws what
   * stopped the writes, or the lost lease when `write` answers `null`.
   */
  async finish(write: (queued: EventInput[]) => Promise<AppendResult | null>): Promise<void> {
    this.#holdBack = true;
    try {
      while (this.#flushing) await this.#flushing;
      this.#throwFailure();
      const queued = this.#queue;
      this.#queue = [];
      this.#release = false;
      if (!(await write(queued))) {
        this.#lostLease = true;
        this.#failure = this.#lost();
        this.#throwFailure();
      }
    } finally {
      this.#holdBack = false;
    }
  }

  #throwFailure(): void {
    if (this.#failure === null) return;
    const failure = this.#failure;
    if (!this.#lostLease) this.#failure = null;
    throw failure;
  }

  async #flush(): Promise<void> {
    try {
      while (this.#queue.length > 0 && this.#failure === null && !this.#holdBack) {
        const batch = this.#queue;
        const release = this.#release;
        this.#queue = [];
        this.#release = false;
        const result = await this.#write(batch, release);
        if (!result) {
          this.#lostLease = true;
          this.#failure = this.#lost();
        } else if (result.interruptRequested) this.#onInterrupt();
      }
    } catch (error) {
      this.#failure = error;
      this.#queue = [];
      this.#release = false;
    } finally {
      this.#flushing = null;
    }
  }
}
