import { getTracer } from "./global-tracer.js";
import { NOOP_SPAN, NOOP_TRACER } from "./noop-tracer.js";
import type { Span, SpanAttributes, SpanKind } from "./tracer.js";

/**
 * Runs `fn` inside a span of the installed tracer: the span ends when `fn`'s promise settles, and a
 * thrown error is recorded on it before being rethrown. With the no-op tracer this only calls `fn`.
 */
export async function withSpan<T>(
  kind: SpanKind,
  name: string,
  attributes: SpanAttributes | (() => SpanAttributes) | undefined,
  fn: (span: Span) => T | Promise<T>,
): Promise<T> {
  const tracer = getTracer();
  if (tracer === NOOP_TRACER) return fn(NOOP_SPAN);
  const attrs = typeof attributes === "function" ? attributes() : attributes;
  const span = tracer.startSpan(name, attrs ? { kind, attributes: attrs } : { kind });
  try {
    const run = () => fn(span);
    return await (tracer.runInSpan ? tracer.runInSpan(span, run) : run());
  } catch (error) {
    span.recordError(error);
    throw error;
  } finally {
    span.end();
  }
}
