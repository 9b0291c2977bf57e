import { DONE, returnOf, StreamIterator } from "./stream-iterator.js";

/**
 * A stream opened on its first `next()` (the request sent then, as by an async generator), whose
 * later `next()` calls go straight to the opened stream: no generator layer per chunk. `return()`
 * before the first read never opens it; during the opening, it closes what was opened.
 */
export function lazyStream<T>(
  open: () => Promise<AsyncIterable<T>>,
): AsyncGenerator<T, void, undefined> {
  return new LazyStream(open);
}

class LazyStream<T> extends StreamIterator<T> {
  #open: (() => Promise<AsyncIterable<T>>) | undefined;
  #inner: AsyncIterator<T> | undefined;
  #opening: Promise<AsyncIterator<T>> | undefined;
  #closed = false;

  constructor(open: () => Promise<AsyncIterable<T>>) {
    super();
    this.#open = open;
  }

  next(): Promise<IteratorResult<T, void>> {
    if (this.#inner) return this.#inner.next();
    if (this.#closed) return Promise.resolve(DONE);
    return this.#opened().then((inner) => inner.next());
  }

  #opened(): Promise<AsyncIterator<T>> {
    if (this.#opening) return this.#opening;
    const open = this.#open as () => Promise<AsyncIterable<T>>;
    this.#open = undefined;
    this.#opening = open().then(
      (iterable) => {
        const inner = iterable[Symbol.asyncIterator]();
        this.#inner = inner;
        return inner;
      },
      (error: unknown) => {
        // A failed opening ends the stream: a later `next()` finds it done, as with a generator.
        this.#closed = true;
        this.#opening = undefined;
        throw error;
      },
    );
    return this.#opening;
  }

  async return(): Promise<IteratorResult<T, void>> {
    this.#closed = true;
    this.#open = undefined;
    const inner = this.#inner ?? (await this.#opening?.catch(() => undefined));
    this.#inner = undefined;
    if (inner) await returnOf(inner);
    return DONE;
  }
}
