// %AsyncIteratorPrototype%: gives hand-written iterators `[Symbol.asyncIterator]` and, where the
// runtime has it, `[Symbol.asyncDispose]` (which calls `return()`), as async generators have.
const ASYNC_ITERATOR_PROTOTYPE: object = Object.getPrototypeOf(
  Object.getPrototypeOf(async function* () {}).prototype,
);

/**
 * Base of the kit's hand-written async generators: a layer over another iterator that hands each
 * `next()` on without a generator of its own. Each async generator layer costs ≈ 0.1 µs and three
 * promises per chunk (issue 35); a streamed 2,000-token answer crosses every layer 2,000 times.
 */
export abstract class StreamIterator<T> implements AsyncGenerator<T, void, undefined> {
  /** The next chunk. */
  abstract next(): Promise<IteratorResult<T, void>>;
  /** Stops the stream (closing its source). */
  abstract return(value?: undefined): Promise<IteratorResult<T, void>>;

  /** Stops the stream and rejects with `error`. */
  async throw(error: unknown): Promise<IteratorResult<T, void>> {
    await this.return();
    throw error;
  }

  /** The iterator itself. */
  [Symbol.asyncIterator](): this {
    return this;
  }

  /** `return()`, from %AsyncIteratorPrototype% where the runtime has `Symbol.asyncDispose`. */
  declare [Symbol.asyncDispose]: () => PromiseLike<void>;
}
Object.setPrototypeOf(StreamIterator.prototype, ASYNC_ITERATOR_PROTOTYPE);

/** The finished result (shared, frozen) of the kit's iterators. Internal (not exported by the package). */
export const DONE: IteratorReturnResult<void> = Object.freeze({ done: true, value: undefined });

/** `iterator.return()` when it has one, else a finished result. */
export function returnOf<T>(iterator: AsyncIterator<T>): Promise<IteratorResult<T, void>> {
  return iterator.return ? iterator.return() : Promise.resolve(DONE);
}
