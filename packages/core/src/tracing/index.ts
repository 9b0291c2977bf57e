export { getTracer, isTracingEnabled, setTracer } from "./global-tracer.js";
export { NOOP_SPAN, NOOP_TRACER } from "./noop-tracer.js";
export { OperationNames, SpanAttributeNames } from "./span-attributes.js";
export type {
  Span,
  SpanAttributes,
  SpanAttributeValue,
  SpanKind,
  StartSpanOptions,
  Tracer,
} from "./tracer.js";
export { withSpan } from "./with-span.js";
