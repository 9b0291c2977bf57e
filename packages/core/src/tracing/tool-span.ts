import type { ToolUseBlock } from "../message/content-block.js";
import type { ToolResponse } from "../tool/tool-response.js";
import { commonAttributes } from "./common-attributes.js";
import { getTracer } from "./global-tracer.js";
import { SpanAttributeNames as A, OperationNames } from "./span-attributes.js";
import { capAttribute, spanJson } from "./span-content.js";
import { tracedGenerator } from "./traced-generator.js";
import type { SpanAttributes } from "./tracer.js";

/** What the tool span reads from a toolkit: the registered tools' descriptions. */
export interface TracedToolkit {
  readonly tools: ReadonlyMap<
    string,
    { readonly jsonSchema: { function: { description: string } } }
  >;
}

/** A tool call whose result says it failed: the Toolkit turns errors into such results. */
const FAILED_RESULT = /^(Error|[A-Z][A-Za-z]*Error):/;

/** The error a finished tool call reports through its result, if any (interrupt, timeout, error). */
export class ToolCallFailure extends Error {
  override readonly name: string;
  constructor(message: string, name: string) {
    super(message);
    this.name = name;
  }
}

function failureOf(last: ToolResponse | undefined): ToolCallFailure | undefined {
  if (!last) return undefined;
  const first = last.content.find((b) => b.type === "text");
  const text = first?.type === "text" ? first.text : "";
  if (last.isInterrupted) return new ToolCallFailure(capAttribute(text), "InterruptedError");
  const match = FAILED_RESULT.exec(text);
  return match ? new ToolCallFailure(capAttribute(text), match[1] as string) : undefined;
}

/** Request attributes of an `execute_tool {name}` span; arguments only on opt-in. */
export function toolRequestAttributes(
  toolkit: TracedToolkit,
  toolCall: ToolUseBlock,
): SpanAttributes {
  const tracer = getTracer();
  const name = toolCall?.name;
  const attributes: SpanAttributes = {
    ...commonAttributes(tracer),
    [A.GEN_AI_OPERATION_NAME]: OperationNames.tool,
    [A.GEN_AI_TOOL_NAME]: typeof name === "string" ? name : undefined,
    [A.GEN_AI_TOOL_CALL_ID]: typeof toolCall?.id === "string" ? toolCall.id : undefined,
    [A.GEN_AI_TOOL_DESCRIPTION]:
      typeof name === "string"
        ? toolkit.tools.get(name)?.jsonSchema.function.description
        : undefined,
  };
  if (tracer.recordContent) attributes[A.GEN_AI_TOOL_CALL_ARGUMENTS] = spanJson(toolCall?.input);
  return attributes;
}

/**
 * Runs a tool call inside an `execute_tool {name}` span: the span lasts until the result stream is
 * exhausted; a result that says the call was interrupted or failed ends it with an error status.
 */
export function traceToolCall(
  toolkit: TracedToolkit,
  toolCall: ToolUseBlock,
  run: () => AsyncGenerator<ToolResponse, void, undefined>,
): AsyncGenerator<ToolResponse, void, undefined> {
  const tracer = getTracer();
  const span = tracer.startSpan(`${OperationNames.tool} ${String(toolCall?.name)}`, {
    kind: "tool",
    attributes: toolRequestAttributes(toolkit, toolCall),
  });
  const inner = tracer.runInSpan ? tracer.runInSpan(span, run) : run();
  return tracedGenerator(tracer, span, inner, {
    finish: (last) =>
      tracer.recordContent && last
        ? { [A.GEN_AI_TOOL_CALL_RESULT]: spanJson(last.content) }
        : undefined,
    failure: failureOf,
  });
}
