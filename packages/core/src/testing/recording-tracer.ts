import type {
  Span,
  SpanAttributes,
  SpanKind,
  StartSpanOptions,
  Tracer,
} from "../tracing/tracer.js";

/** A span recorded by {@link RecordingTracer}. */
export interface RecordedSpan {
  name: string;
  kind: SpanKind;
  attributes: SpanAttributes;
  errors: unknown[];
  ended: boolean;
}

/** Options of {@link RecordingTracer}. */
export interface RecordingTracerOptions {
  /** Record message content on spans (see `Tracer.recordContent`). */
  recordContent?: boolean;
  /** `gen_ai.conversation.id` for every span. */
  conversationId?: string;
}

/** A tracer for tests that keeps every span in {@link spans}. Install with `setTracer()`. */
export class RecordingTracer implements Tracer {
  /** Every span started, in order. */
  readonly spans: RecordedSpan[] = [];
  readonly recordContent: boolean;
  readonly conversationId: string | undefined;

  constructor(options: RecordingTracerOptions = {}) {
    this.recordContent = options.recordContent ?? false;
    this.conversationId = options.conversationId;
  }

  startSpan(name: string, options: StartSpanOptions): Span {
    const record: RecordedSpan = {
      name,
      kind: options.kind,
      attributes: { ...options.attributes },
      errors: [],
      ended: false,
    };
    this.spans.push(record);
    return {
      setAttributes(attributes) {
        Object.assign(record.attributes, attributes);
      },
      recordError(error) {
        record.errors.push(error);
      },
      end() {
        record.ended = true;
      },
    };
  }
}
