import type { Msg } from "../message/msg.js";
import { commonAttributes } from "./common-attributes.js";
import { getTracer, isTracingEnabled } from "./global-tracer.js";
import { NOOP_SPAN } from "./noop-tracer.js";
import { SpanAttributeNames as A, OperationNames } from "./span-attributes.js";
import { msgsToGenAi, spanJson } from "./span-content.js";
import type { Span, SpanAttributes } from "./tracer.js";
import { withSpan } from "./with-span.js";

/** What the agent span reads from an agent. */
export interface TracedAgent {
  readonly id: string;
  readonly name: string;
}

/** The span name of an agent's reply: `invoke_agent {name}`. */
export function agentSpanName(agent: TracedAgent): string {
  return `${OperationNames.agent} ${agent.name}`;
}

/**
 * Request attributes of an `invoke_agent {name}` span: operation, agent id, name and description
 * (the class name, as AgentScope records the class doc), `agentscope.function.name`
 * (`ReActAgent.reply`), and the input messages on opt-in.
 */
export function agentRequestAttributes(
  agent: TracedAgent,
  msg: Msg | readonly Msg[] | null | undefined,
): SpanAttributes {
  const tracer = getTracer();
  const attributes: SpanAttributes = {
    ...commonAttributes(tracer),
    [A.GEN_AI_OPERATION_NAME]: OperationNames.agent,
    [A.GEN_AI_AGENT_ID]: agent.id,
    [A.GEN_AI_AGENT_NAME]: agent.name,
    [A.GEN_AI_AGENT_DESCRIPTION]: agent.constructor.name,
    [A.AGENTSCOPE_FUNCTION_NAME]: `${agent.constructor.name}.reply`,
  };
  if (tracer.recordContent && msg) attributes[A.GEN_AI_INPUT_MESSAGES] = spanJson(msgsToGenAi(msg));
  return attributes;
}

/** Puts the reply on an agent span (output messages on opt-in); free when tracing is off. */
export function recordAgentReply(span: Span, reply: Msg): void {
  if (span === NOOP_SPAN || !getTracer().recordContent) return;
  span.setAttributes({ [A.GEN_AI_OUTPUT_MESSAGES]: spanJson(msgsToGenAi(reply)) });
}

/**
 * Calls an agent's own `reply` inside an `invoke_agent {name}` span (AgentScope's `trace_reply`).
 * `AgentBase` sends every agent's reply through here, so each class is traced once per reply.
 * With tracing off it only calls `reply`: no span, no closure, no extra promise.
 */
export function traceReply<
  A extends TracedAgent,
  M extends Msg | readonly Msg[] | null | undefined,
  O,
>(
  agent: A,
  reply: (this: A, msg: M, options: O) => Promise<Msg>,
  msg: M,
  options: O,
): Promise<Msg> {
  if (!isTracingEnabled()) return reply.call(agent, msg, options);
  return withSpan(
    "agent",
    agentSpanName(agent),
    () => agentRequestAttributes(agent, msg),
    async (span) => {
      const result = await reply.call(agent, msg, options);
      recordAgentReply(span, result);
      return result;
    },
  );
}
