import type { Msg } from "../message/msg.js";
import { commonAttributes } from "./common-attributes.js";
import { getTracer } from "./global-tracer.js";
import { NOOP_TRACER } from "./noop-tracer.js";
import { formatTargetOf } from "./provider-name.js";
import { SpanAttributeNames as A, OperationNames } from "./span-attributes.js";
import { spanJson } from "./span-content.js";

/** A formatter's own `format` implementation, as {@link traceFormat} calls it. */
export type FormatImpl<F, O> = (this: F, msgs: readonly Msg[], options?: O) => Promise<unknown[]>;

/**
 * Calls a formatter's own `format` inside a `format {target}` span (AgentScope traces every
 * formatter's `format`). `FormatterBase` sends every formatter's `format` through here, once per
 * call; with tracing off it only calls `format`: no span, no extra promise.
 */
export function traceFormat<F extends object, O>(
  formatter: F,
  format: FormatImpl<F, O>,
  msgs: readonly Msg[],
  options: O | undefined,
): Promise<unknown[]> {
  const tracer = getTracer();
  if (tracer === NOOP_TRACER) return format.call(formatter, msgs, options);
  const target = formatTargetOf(formatter);
  const span = tracer.startSpan(`${OperationNames.formatter} ${target}`, {
    kind: "formatter",
    attributes: {
      ...commonAttributes(tracer),
      [A.GEN_AI_OPERATION_NAME]: OperationNames.formatter,
      [A.AGENTSCOPE_FORMAT_TARGET]: target,
      [A.AGENTSCOPE_FUNCTION_NAME]: `${formatter.constructor.name}.format`,
      [A.GEN_AI_INPUT_MESSAGES]: tracer.recordContent ? spanJson(msgs) : undefined,
    },
  });
  const run = () => format.call(formatter, msgs, options);
  return (async () => {
    try {
      const out = await (tracer.runInSpan ? tracer.runInSpan(span, run) : run());
      span.setAttributes({
        [A.AGENTSCOPE_FORMAT_COUNT]: Array.isArray(out) ? out.length : undefined,
        [A.AGENTSCOPE_FUNCTION_OUTPUT]: tracer.recordContent ? spanJson(out) : undefined,
      });
      return out;
    } catch (error) {
      span.recordError(error);
      throw error;
    } finally {
      span.end();
    }
  })();
}
