import { getTracer, isTracingEnabled } from "../tracing/global-tracer.js";
import { SpanAttributeNames as A } from "../tracing/span-attributes.js";
import type { Span, SpanAttributes } from "../tracing/tracer.js";
import type { RealtimeModelBase } from "./realtime-model-base.js";

/**
 * The spans of one realtime session: the session (an `agent` span from start to stop), one
 * `model` span per response (usage, status, how many audio and transcript deltas it carried)
 * and one short span per other event (VAD, transcripts done, tool calls, barge-ins, errors).
 */
export class RealtimeSessionTracer {
  #session: Span | undefined;
  #responses = new Map<string, { span: Span; audio: number; transcript: number }>();
  readonly #base: SpanAttributes;

  constructor(agent: { id: string; name: string }, model: RealtimeModelBase) {
    this.#base = {
      [A.GEN_AI_AGENT_ID]: agent.id,
      [A.GEN_AI_AGENT_NAME]: agent.name,
      [A.GEN_AI_PROVIDER_NAME]: model.provider,
      [A.GEN_AI_REQUEST_MODEL]: model.modelName,
    };
    if (isTracingEnabled()) {
      this.#session = getTracer().startSpan(`realtime_session ${agent.name}`, {
        kind: "agent",
        attributes: { ...this.#base, [A.GEN_AI_OPERATION_NAME]: "invoke_agent" },
      });
    }
  }

  /** Records one event of the session. */
  event(type: string, attributes: SpanAttributes = {}, error?: unknown): void {
    if (!this.#session) return;
    const span = getTracer().startSpan(`realtime_event ${type}`, {
      kind: "agent",
      attributes: { ...this.#base, "agentscope.realtime.event": type, ...attributes },
    });
    if (error !== undefined) span.recordError(error);
    span.end();
  }

  /** A response started. */
  responseCreated(responseId: string): void {
    if (!this.#session) return;
    const span = getTracer().startSpan("realtime_response", {
      kind: "model",
      attributes: {
        ...this.#base,
        [A.GEN_AI_OPERATION_NAME]: "chat",
        [A.GEN_AI_RESPONSE_ID]: responseId,
      },
    });
    this.#responses.set(responseId, { span, audio: 0, transcript: 0 });
  }

  /** A delta of a response (counted on its span). */
  delta(responseId: string, kind: "audio" | "transcript", size: number): void {
    const entry = this.#responses.get(responseId);
    if (entry) entry[kind] += size;
  }

  /** A response ended (`status` `completed`, `cancelled`, …). */
  responseDone(responseId: string, usage: { input: number; output: number }, status: string): void {
    const entry = this.#responses.get(responseId);
    if (!entry) return;
    this.#responses.delete(responseId);
    entry.span.setAttributes({
      [A.GEN_AI_USAGE_INPUT_TOKENS]: usage.input,
      [A.GEN_AI_USAGE_OUTPUT_TOKENS]: usage.output,
      [A.GEN_AI_RESPONSE_FINISH_REASONS]: [status],
      "agentscope.realtime.audio_deltas": entry.audio,
      "agentscope.realtime.transcript_chars": entry.transcript,
    });
    entry.span.end();
  }

  /** The session ended (with the error that ended it, if any). */
  end(error?: unknown): void {
    for (const [id, entry] of this.#responses) {
      entry.span.setAttributes({ [A.GEN_AI_RESPONSE_FINISH_REASONS]: ["incomplete"] });
      if (error !== undefined) entry.span.recordError(error);
      entry.span.end();
      this.#responses.delete(id);
    }
    if (!this.#session) return;
    if (error !== undefined) this.#session.recordError(error);
    this.#session.end();
    this.#session = undefined;
  }
}
