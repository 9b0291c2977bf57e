import type { Msg } from "../message/msg.js";
import { commonAttributes } from "./common-attributes.js";
import { getTracer } from "./global-tracer.js";
import { NOOP_TRACER } from "./noop-tracer.js";
import { formatTargetOf } from "./provider-name.js";
import { SpanAttributeNames as A, OperationNames } from "./span-attributes.js";
import { spanJson } from "./span-content.js";

type FormatFn = (msgs: readonly Msg[], options?: never) => Promise<unknown[]>;

/**
 * Makes `formatter.format` open a `format {target}` span per call (AgentScope traces every
 * formatter's `format`). Called by `FormatterBase`'s constructor, so the subclass's own `format`
 * is wrapped; with tracing off the wrapper only checks the tracer and calls through.
 */
export function traceFormatCalls(formatter: { format: FormatFn }): void {
  const format = formatter.format;
  if (typeof format !== "function") return;
  const traced: FormatFn = function (this: unknown, msgs, options) {
    const tracer = getTracer();
    if (tracer === NOOP_TRACER) return format.call(this, msgs, options);
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
    const run = () => format.call(this, msgs, options);
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
  };
  Object.defineProperty(formatter, "format", {
    value: traced,
    writable: true,
    configurable: true,
    enumerable: false,
  });
}
