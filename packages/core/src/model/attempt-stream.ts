import { DONE, StreamIterator } from "../provider-kit/stream-iterator.js";
import { closeQuietly } from "../utils/close-quietly.js";
import type { AttemptControl } from "./attempt-control.js";
import type { ChatResponse } from "./chat-response.js";

/** A streamed request's attempt that delivered its first result (see {@link AttemptStreamSteps}). */
export interface OpenedAttempt {
  /** The attempt's limits and signal. */
  control: AttemptControl;
  /** The provider's stream. */
  iterator: AsyncIterator<ChatResponse>;
  /** Its first result. */
  first: IteratorResult<ChatResponse>;
}

/** What {@link AttemptStream} asks of its model. */
export interface AttemptStreamSteps {
  /** Opens the stream, retrying until an attempt delivers its first result; rejects with the final error. */
  open(): Promise<OpenedAttempt>;
  /** The error to throw for `error`, met by the attempt after its first chunk. */
  failed(control: AttemptControl, error: unknown): unknown;
  /** Checks the last chunk of a stream that ended (may throw). */
  ended(last: ChatResponse): void;
}

/**
 * The chunks of a model's streamed request, opened on the first `next()` (retried there), then
 * read chunk by chunk within the attempt's limits: each wait for a chunk restarts the attempt's
 * timer and stops on its abort. Hand-written rather than an async generator: one `then` per chunk
 * instead of a generator's promises (issue 35). `next()` calls asked before the previous one
 * settles are answered in order; `return()` waits for a pending one, then closes the stream.
 */
export class AttemptStream extends StreamIterator<ChatResponse> {
  readonly #steps: AttemptStreamSteps;
  #control: AttemptControl | undefined;
  #iterator: AsyncIterator<ChatResponse> | undefined;
  #last: ChatResponse | undefined;
  #pending: Promise<IteratorResult<ChatResponse, void>> | undefined;
  #done = false;
  #finished = false;

  constructor(steps: AttemptStreamSteps) {
    super();
    this.#steps = steps;
  }

  next(): Promise<IteratorResult<ChatResponse, void>> {
    const pending = this.#pending;
    if (pending) return pending.then(this.#again, this.#again);
    if (this.#done) return Promise.resolve(DONE);
    const step = this.#control ? this.#read(this.#control) : this.#open();
    this.#pending = step;
    return step;
  }

  readonly #again = () => this.next();

  #open(): Promise<IteratorResult<ChatResponse, void>> {
    return this.#steps.open().then(
      ({ control, iterator, first }) => {
        this.#pending = undefined;
        this.#control = control;
        this.#iterator = iterator;
        if (first.done) {
          this.#finish(false);
          return DONE;
        }
        this.#last = first.value;
        control.pause();
        return first;
      },
      (error: unknown) => {
        this.#pending = undefined;
        this.#done = true;
        throw error;
      },
    );
  }

  #read(control: AttemptControl): Promise<IteratorResult<ChatResponse, void>> {
    control.touch();
    return control
      .race((this.#iterator as AsyncIterator<ChatResponse>).next())
      .then(this.#onResult, this.#onError);
  }

  readonly #onResult = (
    result: IteratorResult<ChatResponse>,
  ): IteratorResult<ChatResponse, void> => {
    this.#pending = undefined;
    if (result.done) {
      this.#finish(false);
      this.#steps.ended(this.#last as ChatResponse);
      return DONE;
    }
    this.#last = result.value;
    (this.#control as AttemptControl).pause();
    return result;
  };

  readonly #onError = (error: unknown): never => {
    this.#pending = undefined;
    const failure = this.#steps.failed(this.#control as AttemptControl, error);
    this.#finish(true);
    throw failure;
  };

  // Ends the stream: the attempt's timers stop, and the provider's stream is closed unless it ended.
  #finish(close: boolean): void {
    this.#done = true;
    if (this.#finished) return;
    this.#finished = true;
    this.#control?.dispose();
    if (close && this.#iterator) closeQuietly(this.#iterator);
  }

  async return(): Promise<IteratorResult<ChatResponse, void>> {
    this.#done = true;
    const pending = this.#pending;
    if (pending) await pending.then(undefined, () => undefined);
    if (this.#control) this.#finish(true);
    return DONE;
  }
}
