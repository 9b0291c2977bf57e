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
  #failure: Failed | undefined;
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

  /**
   * Ends the channel: the consumer gets what is queued, then stops (its read after the last item
   * rejects with `failure.error` when a failure is given); waiting pushes return.
   */
  close(failure?: { error: unknown }): void {
    if (failure && !this.#closed) this.#failure = new Failed(failure.error);
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

  // The failure the channel was closed with, once (the first read past the end rejects with it).
  #takeFailure(): Failed | undefined {
    const failure = this.#failure;
    this.#failure = undefined;
    return failure;
  }

  // The queued items (the writers waiting for room are woken), or, when there are none,
  // `undefined` after `wake` was registered for the next push or close; once closed, the failure
  // it was closed with (the first time), else `null`.
  #take(wake: () => void): T[] | undefined | null | Failed {
    if (this.#items.length > 0) {
      const batch = this.#items;
      this.#items = [];
      for (const resume of this.#writers.splice(0)) resume();
      return batch;
    }
    if (this.#closed) return this.#takeFailure() ?? null;
    this.#reader = wake;
    return undefined;
  }

  #wakeReader(): void {
    const reader = this.#reader;
    this.#reader = undefined;
    reader?.();
  }
}

// The end of a channel closed with an error: the read that meets it rejects with `error`.
class Failed {
  constructor(readonly error: unknown) {}
}

type Read<T> = {
  resolve: (result: IteratorResult<T, void>) => void;
  reject: (error: unknown) => void;
};

// Reads a channel batch by batch, each item as one resolved promise.
class ChannelReader<T> extends StreamIterator<T> {
  readonly #take: (wake: () => void) => T[] | undefined | null | Failed;
  #batch: T[] = [];
  #at = 0;
  #done = false;
  // Reads waiting for an item, oldest first (a reader may call `next()` again before the first
  // settles, as an async generator allows).
  readonly #waiting: Read<T>[] = [];

  constructor(take: (wake: () => void) => T[] | undefined | null | Failed) {
    super();
    this.#take = take;
  }

  next(): Promise<IteratorResult<T, void>> {
    if (this.#waiting.length === 0) {
      const ready = this.#poll();
      if (ready instanceof Failed) return Promise.reject(ready.error);
      if (ready) return Promise.resolve(ready);
    }
    return new Promise((resolve, reject) => {
      this.#waiting.push({ resolve, reject });
    });
  }

  // Called by the channel on the next push or close after `#poll` found nothing.
  readonly #wake = (): void => {
    while (this.#waiting.length > 0) {
      const ready = this.#poll();
      if (!ready) return;
      const read = this.#waiting.shift() as Read<T>;
      if (ready instanceof Failed) read.reject(ready.error);
      else read.resolve(ready);
    }
  };

  // The next result when one is ready (an item, or the end, or the failure the channel ended
  // with); else `undefined`, with `#wake` registered on the channel.
  #poll(): IteratorResult<T, void> | Failed | undefined {
    if (this.#done) return DONE;
    if (this.#at < this.#batch.length) return { done: false, value: this.#batch[this.#at++] as T };
    const batch = this.#take(this.#wake);
    if (batch === undefined) return undefined;
    if (batch === null || batch instanceof Failed) {
      this.#done = true;
      return batch ?? DONE;
    }
    this.#batch = batch;
    this.#at = 1;
    return { done: false, value: batch[0] as T };
  }

  return(): Promise<IteratorResult<T, void>> {
    this.#done = true;
    this.#batch = [];
    for (const read of this.#waiting.splice(0)) read.resolve(DONE);
    return Promise.resolve(DONE);
  }
}
