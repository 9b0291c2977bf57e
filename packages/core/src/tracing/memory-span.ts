import { commonAttributes } from "./common-attributes.js";
import { getTracer, isTracingEnabled } from "./global-tracer.js";
import { SpanAttributeNames as A } from "./span-attributes.js";
import { withSpan } from "./with-span.js";

/** The long-term memory operations an agent runs around a reply (`static_control` mode). */
export type LongTermMemoryOperation = "retrieve" | "record";

/** What the memory span reads from the agent and the memory. */
export interface TracedMemoryCall {
  readonly agent: { readonly id: string; readonly name: string };
  readonly memory: object;
  readonly operation: LongTermMemoryOperation;
}

/**
 * Runs a long-term memory operation in a `long_term_memory.{retrieve|record}` span (kind
 * `memory`), nested in the reply's agent span: a failure ends it with an error status, as a
 * failing tool's span does, while the agent span stays OK when the reply goes on. With tracing
 * off it only calls `fn`.
 */
export function traceLongTermMemory<T>(call: TracedMemoryCall, fn: () => Promise<T>): Promise<T> {
  if (!isTracingEnabled()) return fn();
  return withSpan(
    "memory",
    `long_term_memory.${call.operation}`,
    () => ({
      ...commonAttributes(getTracer()),
      [A.GEN_AI_AGENT_ID]: call.agent.id,
      [A.GEN_AI_AGENT_NAME]: call.agent.name,
      [A.AGENTSCOPE_FUNCTION_NAME]: `${call.memory.constructor.name}.${call.operation}`,
    }),
    fn,
  );
}
