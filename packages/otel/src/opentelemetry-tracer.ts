import type {
  Span as CoreSpan,
  SpanAttributes,
  SpanKind,
  StartSpanOptions,
  Tracer,
} from "@agentscope-ts/core";
import {
  type Attributes,
  context,
  type Span as OtelSpan,
  SpanKind as OtelSpanKind,
  type Tracer as OtelTracer,
  SpanStatusCode,
  type TracerProvider,
  trace,
} from "@opentelemetry/api";

/** The instrumentation scope name spans are reported under. */
export const INSTRUMENTATION_SCOPE = "@agentscope-ts/otel";

/** OpenTelemetry span kinds per AgentScope operation, as the GenAI conventions recommend. */
const SPAN_KINDS: Readonly<Record<SpanKind, OtelSpanKind>> = {
  agent: OtelSpanKind.INTERNAL,
  model: OtelSpanKind.CLIENT,
  embedding: OtelSpanKind.CLIENT,
  tool: OtelSpanKind.INTERNAL,
  formatter: OtelSpanKind.INTERNAL,
  memory: OtelSpanKind.INTERNAL,
};

/** Options of {@link OpenTelemetryTracer}. */
export interface OpenTelemetryTracerOptions {
  /** Where spans go. Default: the global provider (`trace.getTracerProvider()`), read lazily. */
  tracerProvider?: TracerProvider;
  /**
   * Record prompts, completions, tool arguments and results on spans (`gen_ai.input.messages`,
   * `gen_ai.output.messages`, `gen_ai.tool.call.arguments`…). Off by default: content may hold
   * personal data. Secret-named keys (api keys, `Authorization`) are redacted either way.
   */
  recordContent?: boolean;
  /** Put on every span as `gen_ai.conversation.id` (AgentScope's run id). */
  conversationId?: string;
}

/** Drops `undefined` values (OpenTelemetry warns on them). */
function defined(attributes: SpanAttributes | undefined): Attributes {
  const out: Attributes = {};
  if (!attributes) return out;
  for (const key in attributes) {
    const value = attributes[key];
    if (value !== undefined) out[key] = value as Attributes[string];
  }
  return out;
}

/** A thrown value's class name and message, whatever was thrown. */
function describeError(error: unknown): { type: string; message: string } {
  if (error instanceof Error) return { type: error.name || "Error", message: error.message };
  return { type: typeof error, message: String(error) };
}

/** Core's span, backed by an OpenTelemetry span. */
class OtelBackedSpan implements CoreSpan {
  readonly otelSpan: OtelSpan;
  #failed = false;
  #ended = false;

  constructor(otelSpan: OtelSpan) {
    this.otelSpan = otelSpan;
  }

  setAttributes(attributes: SpanAttributes): void {
    this.otelSpan.setAttributes(defined(attributes));
  }

  recordError(error: unknown): void {
    const { type, message } = describeError(error);
    this.#failed = true;
    this.otelSpan.recordException(error instanceof Error ? error : { name: type, message });
    this.otelSpan.setAttribute("error.type", type);
    this.otelSpan.setStatus({ code: SpanStatusCode.ERROR, message });
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    if (!this.#failed) this.otelSpan.setStatus({ code: SpanStatusCode.OK });
    this.otelSpan.end();
  }
}

/**
 * Core's `Tracer` on `@opentelemetry/api`: every agent reply, model call, formatting, tool call and
 * embedding becomes an OpenTelemetry span with the GenAI semantic conventions. Spans nest under
 * the active span (the app's own, or the agent's), across `await` and async generators, given a
 * context manager (the Node SDK registers AsyncLocalStorage). Install it with core's `setTracer()`,
 * or let {@link setupTracing} do everything.
 */
export class OpenTelemetryTracer implements Tracer {
  readonly recordContent: boolean;
  readonly conversationId: string | undefined;
  readonly #tracer: OtelTracer;

  constructor(options: OpenTelemetryTracerOptions = {}) {
    this.recordContent = options.recordContent ?? false;
    this.conversationId = options.conversationId;
    this.#tracer = (options.tracerProvider ?? trace.getTracerProvider()).getTracer(
      INSTRUMENTATION_SCOPE,
    );
  }

  /** Starts a span as a child of the active context's span. */
  startSpan(name: string, options: StartSpanOptions): CoreSpan {
    const span = this.#tracer.startSpan(
      name,
      {
        kind: SPAN_KINDS[options.kind] ?? OtelSpanKind.INTERNAL,
        attributes: defined(options.attributes),
      },
      context.active(),
    );
    return new OtelBackedSpan(span);
  }

  /** Runs `fn` with `span` active, so spans started inside (even after `await`) are its children. */
  runInSpan<T>(span: CoreSpan, fn: () => T): T {
    if (!(span instanceof OtelBackedSpan)) return fn();
    return context.with(trace.setSpan(context.active(), span.otelSpan), fn);
  }
}
