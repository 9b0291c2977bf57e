/**
 * A first-in first-out queue with async `put`/`get`, like Python's `asyncio.Queue`. With a
 * `maxsize`, `put` waits while the queue is full, so a fast producer cannot outrun its consumer;
 * `maxsize <= 0` (the default) means unbounded. Agents feed their printed messages into one when
 * {@link AgentBase.setMsgQueueEnabled} is on; {@link streamPrintingMessages} drains it.
 */
export class AsyncQueue<T> {
  /** The capacity; `0` or less means unbounded. */
  readonly maxsize: number;
  // A growable ring would be faster still; an array with a moving head keeps shift() O(1) amortised.
  #items: T[] = [];
  #head = 0;
  #getters: ((item: T) => void)[] = [];
  #putters: (() => void)[] = [];

  constructor(maxsize = 0) {
    this.maxsize = maxsize;
  }

  /** The number of items waiting in the queue. */
  get size(): number {
    return this.#items.length - this.#head;
  }

  /** Whether the queue holds `maxsize` items (never true for an unbounded queue). */
  full(): boolean {
    return this.maxsize > 0 && this.size >= this.maxsize;
  }

  /** Whether the queue is empty. */
  empty(): boolean {
    return this.size === 0;
  }

  /** Adds `item`, waiting first while the queue is full. */
  async put(item: T): Promise<void> {
    while (this.full()) {
      await new Promise<void>((resolve) => this.#putters.push(resolve));
    }
    this.putNowait(item);
  }

  /** Adds `item` now, even past `maxsize` (used for end signals that must not wait). */
  putNowait(item: T): void {
    const getter = this.#getters.shift();
    if (getter) {
      getter(item);
      return;
    }
    this.#items.push(item);
  }

  /** Takes the oldest item, waiting for one when the queue is empty. */
  get(): Promise<T> {
    if (this.size > 0) return Promise.resolve(this.#take());
    return new Promise<T>((resolve) => this.#getters.push(resolve));
  }

  /** Takes the oldest item, or returns `undefined` when the queue is empty. */
  getNowait(): T | undefined {
    return this.size > 0 ? this.#take() : undefined;
  }

  #take(): T {
    const item = this.#items[this.#head] as T;
    this.#head++;
    if (this.#head > 64 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    this.#putters.shift()?.();
    return item;
  }
}
