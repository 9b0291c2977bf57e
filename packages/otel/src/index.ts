/**
 * OpenTelemetry tracing for AgentScope-TS: {@link OpenTelemetryTracer} implements core's `Tracer`
 * on `@opentelemetry/api`; {@link setupTracing} starts the Node SDK with an OTLP/HTTP exporter.
 */
export {
  INSTRUMENTATION_SCOPE,
  OpenTelemetryTracer,
  type OpenTelemetryTracerOptions,
} from "./opentelemetry-tracer.js";
export { tracesUrl } from "./otlp-endpoint.js";
export { type SetupTracingOptions, setupTracing, type TracingHandle } from "./setup-tracing.js";
