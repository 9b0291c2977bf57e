/**
 * What a span measures: the five operations AgentScope traces, plus `memory` for the long-term
 * memory calls an agent makes around a reply.
 */
export type SpanKind = "agent" | "model" | "formatter" | "tool" | "embedding" | "memory";

/** A span attribute value, as OpenTelemetry accepts them. */
export type SpanAttributeValue =
  | string
  | number
  | boolean
  | readonly string[]
  | readonly number[]
  | readonly boolean[];

/** Span attributes; `undefined` values are skipped by tracers. */
export type SpanAttributes = Record<string, SpanAttributeValue | undefined>;

/** Options of {@link Tracer.startSpan}. */
export interface StartSpanOptions {
  /** Which operation the span measures. */
  kind: SpanKind;
  /** Attributes known when the span starts (GenAI semantic convention names, see `SpanAttributeNames`). */
  attributes?: SpanAttributes;
}

/** One traced operation. Call `end()` exactly once. */
export interface Span {
  /** Adds or replaces attributes. */
  setAttributes(attributes: SpanAttributes): void;
  /** Marks the span failed and records the error. */
  recordError(error: unknown): void;
  /** Ends the span. */
  end(): void;
}

/**
 * The tracing backend AgentScope reports to: agent replies, model calls, formatting, tool calls and
 * embeddings each open a span. Core ships a no-op tracer; `@agentscope-ts/otel` implements this on
 * OpenTelemetry. Install one with `setTracer()`.
 */
export interface Tracer {
  /**
   * Record message content (prompts, completions, tool arguments and results) on spans. Off
   * unless the tracer says so: content may hold personal data. Secrets are never recorded.
   */
  readonly recordContent?: boolean;
  /** Put on every span as `gen_ai.conversation.id` (AgentScope's run id), when set. */
  readonly conversationId?: string;
  /** Starts a span. */
  startSpan(name: string, options: StartSpanOptions): Span;
  /**
   * Optional: runs `fn` with `span` as the active (parent) span, so spans started inside nest
   * under it. Tracers without context propagation leave this out.
   */
  runInSpan?<T>(span: Span, fn: () => T): T;
}
