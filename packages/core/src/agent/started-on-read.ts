import { DONE, StreamIterator } from "../provider-kit/stream-iterator.js";

/** A run started by {@link StartedOnRead}: its items, how to stop it early, and its end. */
export interface StartedStream<T> {
  /** The run's items; after the last one, a read rejects with the run's failure, if any. */
  events: AsyncIterator<T>;
  /** Stops the run (the consumer left before the end). */
  stop(): void;
  /** Settles once the run is over. */
  ended: Promise<void>;
}

/**
 * The stream of a run started on its first read (as an async generator's body starts), whose reads
 * then go straight to the run's items: no generator layer per item (an agent's streamed answer
 * emits an event per chunk; issue 35). `return()` before the run is over stops it and waits for
 * its end; before the first read it starts nothing.
 */
export class StartedOnRead<T> extends StreamIterator<T> {
  #start: (() => StartedStream<T>) | undefined;
  #run: StartedStream<T> | undefined;
  #returned = false;
  #over = false;

  constructor(start: () => StartedStream<T>) {
    super();
    this.#start = start;
  }

  next(): Promise<IteratorResult<T, void>> {
    if (this.#returned) return Promise.resolve(DONE);
    let run = this.#run;
    if (!run) {
      try {
        run = this.#started();
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return run ? run.events.next() : Promise.resolve(DONE);
  }

  // Starts the run on the first read; a start that throws ends the stream with that error.
  #started(): StartedStream<T> | undefined {
    const start = this.#start;
    if (!start) return undefined;
    this.#start = undefined;
    const run = start();
    this.#run = run;
    const over = () => {
      this.#over = true;
    };
    run.ended.then(over, over);
    return run;
  }

  async return(): Promise<IteratorResult<T, void>> {
    this.#start = undefined;
    this.#returned = true;
    const run = this.#run;
    if (run && !this.#over) {
      run.stop();
      await run.events.return?.();
      await run.ended;
    }
    return DONE;
  }
}
