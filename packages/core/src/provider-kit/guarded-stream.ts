import { ModelError } from "../errors/model-error.js";
import { returnOf, StreamIterator } from "./stream-iterator.js";

/**
 * The error for a response stream that failed after `yielded` chunks: the normalised error
 * (`normalized`) reworded to say the partial answer was discarded; `normalized` itself when no
 * chunk came yet or it is not a {@link ModelError}.
 */
export function streamBreakError(
  normalized: unknown,
  context: { provider: string; yielded: number; cause: unknown; host?: string | undefined },
): unknown {
  if (!(normalized instanceof ModelError) || context.yielded === 0) return normalized;
  const from = context.host ? ` from ${context.host}` : "";
  return new ModelError(
    `${context.provider}: the response stream${from} broke off after ${context.yielded} chunk(s) (${normalized.message}). The partial answer was discarded.`,
    {
      cause: context.cause,
      provider: context.provider,
      retryable: normalized.retryable,
      ...(normalized.status !== undefined ? { status: normalized.status } : {}),
    },
  );
}

/** What {@link guardedStream} needs to reword a failure. */
export interface StreamGuard {
  /** The provider id. */
  provider: string;
  /** The call's abort signal: an aborted call's error passes unchanged. */
  signal: AbortSignal;
  /** Counts the chunks yielded so far (the parser updates it). */
  outcome: { yielded: number };
  /** The model's error normalisation (its `normalizeError`). */
  normalize: (error: unknown) => unknown;
  /** The server, named in the message when given. */
  host?: string | undefined;
}

/**
 * Yields a parsed response stream; a failure (not an abort, not already a ModelError) is
 * normalised and, after chunks came, reworded by {@link streamBreakError}. Each `next()` goes
 * straight to the parsed stream (one `then` per chunk, no generator layer).
 */
export function guardedStream<T>(
  parsed: AsyncIterable<T>,
  guard: StreamGuard,
): AsyncGenerator<T, void, undefined> {
  return new GuardedStream(parsed[Symbol.asyncIterator](), guard);
}

class GuardedStream<T> extends StreamIterator<T> {
  readonly #inner: AsyncIterator<T>;
  readonly #guard: StreamGuard;

  constructor(inner: AsyncIterator<T>, guard: StreamGuard) {
    super();
    this.#inner = inner;
    this.#guard = guard;
  }

  readonly #reword = (error: unknown): never => {
    const guard = this.#guard;
    if (guard.signal.aborted || error instanceof ModelError) throw error;
    throw streamBreakError(guard.normalize(error), {
      provider: guard.provider,
      yielded: guard.outcome.yielded,
      cause: error,
      host: guard.host,
    });
  };

  next(): Promise<IteratorResult<T, void>> {
    return this.#inner.next().then(undefined, this.#reword);
  }

  return(): Promise<IteratorResult<T, void>> {
    return returnOf(this.#inner).then(undefined, this.#reword);
  }
}
