import type { Span, Tracer } from "./tracer.js";

/** A span that records nothing. */
export const NOOP_SPAN: Span = Object.freeze({
  setAttributes(): void {},
  recordError(): void {},
  end(): void {},
});

/** The default tracer: records nothing and costs next to nothing. */
export const NOOP_TRACER: Tracer = Object.freeze({
  startSpan(): Span {
    return NOOP_SPAN;
  },
});
