/**
 * A bounded single-consumer channel: `push` waits while `capacity` items are unread, so an agent
 * emitting events cannot run ahead of the UI draining them; `close` ends the iteration and makes
 * further pushes no-ops (events emitted after the consumer left are dropped).
 */
export class EventChannel<T> implements AsyncIterable<T> {
  readonly #capacity: number;
  #items: T[] = [];
  #closed = false;
  #reader: (() => void) | undefined;
  #writers: (() => void)[] = [];

  constructor(capacity = 64) {
    this.#capacity = Math.max(1, capacity);
  }

  /** Whether the channel was closed. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Queues `item`, waiting while the channel is full. Does nothing once closed. */
  async push(item: T): Promise<void> {
    while (!this.#closed && this.#items.length >= this.#capacity) {
      await new Promise<void>((resolve) => this.#writers.push(resolve));
    }
    if (this.#closed) return;
    this.#items.push(item);
    this.#wakeReader();
  }

  /** Ends the channel: the consumer gets what is queued, then stops; waiting pushes return. */
  close(): void {
    this.#closed = true;
    this.#wakeReader();
    for (const wake of this.#writers.splice(0)) wake();
  }

  /** Drops whatever is queued and closes (when the consumer leaves early). */
  discard(): void {
    this.#items = [];
    this.close();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    while (true) {
      if (this.#items.length > 0) {
        const batch = this.#items;
        this.#items = [];
        for (const wake of this.#writers.splice(0)) wake();
        for (let i = 0; i < batch.length; i++) {
          yield batch[i] as T;
        }
        continue;
      }
      if (this.#closed) return;
      await new Promise<void>((resolve) => {
        this.#reader = resolve;
      });
    }
  }

  #wakeReader(): void {
    const reader = this.#reader;
    this.#reader = undefined;
    reader?.();
  }
}
