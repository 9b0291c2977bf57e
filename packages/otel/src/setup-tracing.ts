import { setTracer, ValidationError } from "@agentscope-ts/core";
import { context, propagation, trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { NodeSDK } from "@opentelemetry/sdk-node";
import { BatchSpanProcessor } from "@opentelemetry/sdk-trace";
import { OpenTelemetryTracer } from "./opentelemetry-tracer.js";
import { tracesUrl } from "./otlp-endpoint.js";

/** Options of {@link setupTracing}. */
export interface SetupTracingOptions {
  /**
   * The OTLP/HTTP endpoint (base URL; `/v1/traces` is added unless present). Default:
   * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (used as is), then `OTEL_EXPORTER_OTLP_ENDPOINT`.
   */
  endpoint?: string;
  /** HTTP headers of each export, e.g. `Authorization` for Langfuse. Never put on spans. */
  headers?: Record<string, string>;
  /** `service.name` of the resource. Default `OTEL_SERVICE_NAME`, then `"agentscope"`. */
  serviceName?: string;
  /** Record message content on spans (off by default; see `OpenTelemetryTracerOptions`). */
  recordContent?: boolean;
  /** `gen_ai.conversation.id` of every span. */
  conversationId?: string;
  /** Milliseconds between batch exports. Default 1000. */
  scheduledDelayMillis?: number;
  /** Milliseconds one export may take. Default 10000. */
  exportTimeoutMillis?: number;
}

/** What {@link setupTracing} started: flush before exiting, or shut it down. */
export interface TracingHandle {
  /** The installed tracer. */
  readonly tracer: OpenTelemetryTracer;
  /** The URL spans are posted to. */
  readonly url: string;
  /** Sends every finished span now. */
  flush(): Promise<void>;
  /** Flushes, stops the SDK and goes back to core's no-op tracer. */
  shutdown(): Promise<void>;
}

function resolveUrl(endpoint: string | undefined): string {
  if (endpoint !== undefined) return tracesUrl(endpoint);
  const env = process.env;
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (traces) return tracesUrl(traces, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT");
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (base) return tracesUrl(base, "OTEL_EXPORTER_OTLP_ENDPOINT");
  throw new ValidationError(
    "tracing options",
    [{ path: "endpoint", message: "required (no OTEL_EXPORTER_OTLP_ENDPOINT is set either)" }],
    { hint: "Pass { endpoint: 'http://localhost:4318' } or set OTEL_EXPORTER_OTLP_ENDPOINT." },
  );
}

/**
 * One call to trace AgentScope to any OTLP backend (Jaeger, Langfuse, Phoenix, Honeycomb…): starts
 * `@opentelemetry/sdk-node` with an OTLP/HTTP (JSON) exporter behind a batch span processor, and
 * installs an {@link OpenTelemetryTracer} with core's `setTracer()`. Call `shutdown()` (or at
 * least `flush()`) before the process exits.
 */
export function setupTracing(options: SetupTracingOptions = {}): TracingHandle {
  const url = resolveUrl(options.endpoint);
  const exporter = new OTLPTraceExporter({
    url,
    headers: { ...options.headers },
    timeoutMillis: options.exportTimeoutMillis ?? 10_000,
  });
  const processor = new BatchSpanProcessor({
    exporter,
    scheduledDelayMillis: options.scheduledDelayMillis ?? 1000,
    exportTimeoutMillis: options.exportTimeoutMillis ?? 10_000,
  });
  const sdk = new NodeSDK({
    serviceName: options.serviceName ?? process.env.OTEL_SERVICE_NAME ?? "agentscope",
    spanProcessors: [processor],
    instrumentations: [],
  });
  sdk.start();
  const tracer = new OpenTelemetryTracer({
    ...(options.recordContent !== undefined ? { recordContent: options.recordContent } : {}),
    ...(options.conversationId !== undefined ? { conversationId: options.conversationId } : {}),
  });
  setTracer(tracer);
  let stopped: Promise<void> | undefined;
  return {
    tracer,
    url,
    flush: () => processor.forceFlush(),
    shutdown() {
      stopped ??= (async () => {
        setTracer(undefined);
        await sdk.shutdown();
        // The SDK registered itself globally; a later setupTracing (a second `init`) must be able
        // to register again, or its spans would go to this stopped provider.
        trace.disable();
        context.disable();
        propagation.disable();
      })();
      return stopped;
    },
  };
}
