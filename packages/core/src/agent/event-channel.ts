import { DONE, StreamIterator } from "../provider-kit/stream-iterator.js";

const RESOLVED: Promise<void> = Promise.resolve();

/**
 * A bounded single-consumer channel: `push` waits while `capacity` items are unread, so an agent
 * emitting events cannot run ahead of the UI draining them; `close` ends the iteration and makes
 * further pushes no-ops (events emitted after the consumer left are dropped).
 *
 * No async function or generator per item (a streamed answer pushes one event per chunk): a push
 * with room resolves at once with a shared promise, and a read of a queued item is one resolved
 * promise (issue 35).
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
  push(item: T): Promise<void> {
    if (this.#closed) return RESOLVED;
    if (this.#items.length < this.#capacity) {
      this.#items.push(item);
      this.#wakeReader();
      return RESOLVED;
    }
    return this.#pushWhenRoom(item);
  }

  async #pushWhenRoom(item: T): Promise<void> {
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

  [Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    return new ChannelReader((wake) => this.#take(wake));
  }

  // The queued items (the writers waiting for room are woken), or, when there are none,
  // `undefined` after `wake` was registered for the next push or close; `null` once closed.
  #take(wake: () => void): T[] | undefined | null {
    if (this.#items.length > 0) {
      const batch = this.#items;
      this.#items = [];
      for (const resume of this.#writers.splice(0)) resume();
      return batch;
    }
    if (this.#closed) return null;
    this.#reader = wake;
    return undefined;
  }

  #wakeReader(): void {
    const reader = this.#reader;
    this.#reader = undefined;
    reader?.();
  }
}

// Reads a channel batch by batch, each item as one resolved promise.
class ChannelReader<T> extends StreamIterator<T> {
  readonly #take: (wake: () => void) => T[] | undefined | null;
  #batch: T[] = [];
  #at = 0;
  #done = false;
  // Reads waiting for an item, oldest first (a reader may call `next()` again before the first
  // settles, as an async generator allows).
  readonly #waiting: ((result: IteratorResult<T, void>) => void)[] = [];

  constructor(take: (wake: () => void) => T[] | undefined | null) {
    super();
    this.#take = take;
  }

  next(): Promise<IteratorResult<T, void>> {
    if (this.#waiting.length === 0) {
      const ready = this.#poll();
      if (ready) return Promise.resolve(ready);
    }
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
    });
  }

  // Called by the channel on the next push or close after `#poll` found nothing.
  readonly #wake = (): void => {
    while (this.#waiting.length > 0) {
      const ready = this.#poll();
      if (!ready) return;
      (this.#waiting.shift() as (result: IteratorResult<T, void>) => void)(ready);
    }
  };

  // The next result when one is ready (an item, or the end); else `undefined`, with `#wake`
  // registered on the channel.
  #poll(): IteratorResult<T, void> | undefined {
    if (this.#done) return DONE;
    if (this.#at < this.#batch.length) return { done: false, value: this.#batch[this.#at++] as T };
    const batch = this.#take(this.#wake);
    if (batch === undefined) return undefined;
    if (batch === null) {
      this.#done = true;
      return DONE;
    }
    this.#batch = batch;
    this.#at = 1;
    return { done: false, value: batch[0] as T };
  }

  return(): Promise<IteratorResult<T, void>> {
    this.#done = true;
    this.#batch = [];
    for (const resolve of this.#waiting.splice(0)) resolve(DONE);
    return Promise.resolve(DONE);
  }
}
