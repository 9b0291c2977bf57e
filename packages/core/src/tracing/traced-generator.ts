import type { Span, SpanAttributes, Tracer } from "./tracer.js";

/** What {@link tracedGenerator} asks when the stream ends. */
export interface TracedGeneratorHooks<T> {
  /** Attributes from the last item once the stream is exhausted (or the consumer stopped). */
  finish?: (last: T | undefined) => SpanAttributes | undefined;
  /** An error to record although the stream ended normally (e.g. an interrupted tool result). */
  failure?: (last: T | undefined) => unknown;
}

/**
 * Passes `inner` through while `span` measures it: each step runs inside the span (so spans the
 * producer starts nest under it, across the generator's suspensions), the span ends when the
 * stream is exhausted, fails (error recorded, rethrown) or the consumer stops early.
 */
export async function* tracedGenerator<T>(
  tracer: Tracer,
  span: Span,
  inner: AsyncGenerator<T, void, undefined>,
  hooks: TracedGeneratorHooks<T> = {},
): AsyncGenerator<T, void, undefined> {
  const inSpan = <R>(fn: () => R): R => (tracer.runInSpan ? tracer.runInSpan(span, fn) : fn());
  let last: T | undefined;
  let done = false;
  let failed = false;
  try {
    for (;;) {
      const step = await inSpan(() => inner.next());
      if (step.done) break;
      last = step.value;
      yield step.value;
    }
    done = true;
  } catch (error) {
    failed = true;
    span.recordError(error);
    throw error;
  } finally {
    try {
      // Stopped early: close the producer inside the span too.
      if (!done && !failed) await inSpan(() => inner.return(undefined));
      if (!failed) {
        const attributes = hooks.finish?.(last);
        if (attributes) span.setAttributes(attributes);
        const failure = hooks.failure?.(last);
        if (failure !== undefined) span.recordError(failure);
      }
    } finally {
      span.end();
    }
  }
}
