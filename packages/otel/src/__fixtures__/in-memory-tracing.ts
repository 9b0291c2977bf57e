/**
 * An OpenTelemetry SDK for tests: a tracer provider with an InMemorySpanExporter and the
 * AsyncLocalStorage context manager (what the Node SDK registers), and the tracer installed.
 */
import { setTracer } from "@agentscope-ts/core";
import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { OpenTelemetryTracer, type OpenTelemetryTracerOptions } from "../opentelemetry-tracer.js";

/** What {@link startInMemoryTracing} set up. */
export interface InMemoryTracing {
  exporter: InMemorySpanExporter;
  provider: TracerProvider;
  tracer: OpenTelemetryTracer;
  /** Finished spans. */
  spans(): ReadableSpan[];
  /** Uninstalls everything. */
  stop(): Promise<void>;
}

/** Installs an in-memory OpenTelemetry pipeline and the AgentScope tracer on it. */
export function startInMemoryTracing(
  options: Omit<OpenTelemetryTracerOptions, "tracerProvider"> = {},
): InMemoryTracing {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const manager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(manager);
  const tracer = new OpenTelemetryTracer({ ...options, tracerProvider: provider });
  setTracer(tracer);
  return {
    exporter,
    provider,
    tracer,
    spans: () => exporter.getFinishedSpans(),
    async stop() {
      setTracer(undefined);
      await provider.shutdown();
      context.disable();
      trace.disable();
    },
  };
}

/** The parent span id of a finished span ('' for a root). */
export function parentIdOf(span: ReadableSpan): string {
  return span.parentSpanContext?.spanId ?? "";
}
