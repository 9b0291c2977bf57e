/**
 * `OpenTelemetryTracer` alone, on `@opentelemetry/api` only: for apps that run their own
 * OpenTelemetry SDK and do not want `setupTracing`'s Node SDK loaded. Import from
 * `@agentscope-ts/otel/tracer`.
 */
export {
  INSTRUMENTATION_SCOPE,
  OpenTelemetryTracer,
  type OpenTelemetryTracerOptions,
} from "./opentelemetry-tracer.js";
