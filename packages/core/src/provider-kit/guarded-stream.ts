import { ModelError } from "../errors/model-error.js";

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
 * normalised and, after chunks came, reworded by {@link streamBreakError}.
 */
export async function* guardedStream<T>(
  parsed: AsyncIterable<T>,
  guard: StreamGuard,
): AsyncGenerator<T, void, undefined> {
  try {
    yield* parsed;
  } catch (error) {
    if (guard.signal.aborted || error instanceof ModelError) throw error;
    throw streamBreakError(guard.normalize(error), {
      provider: guard.provider,
      yielded: guard.outcome.yielded,
      cause: error,
      host: guard.host,
    });
  }
}
