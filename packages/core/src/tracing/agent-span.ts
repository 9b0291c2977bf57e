import type { Msg } from "../message/msg.js";
import { commonAttributes } from "./common-attributes.js";
import { getTracer } from "./global-tracer.js";
import { NOOP_SPAN } from "./noop-tracer.js";
import { SpanAttributeNames as A, OperationNames } from "./span-attributes.js";
import { msgsToGenAi, spanJson } from "./span-content.js";
import type { Span, SpanAttributes } from "./tracer.js";

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
 * (the class name, as AgentScope records the class doc), and the input messages on opt-in.
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
  };
  if (tracer.recordContent && msg) attributes[A.GEN_AI_INPUT_MESSAGES] = spanJson(msgsToGenAi(msg));
  return attributes;
}

/** Puts the reply on an agent span (output messages on opt-in); free when tracing is off. */
export function recordAgentReply(span: Span, reply: Msg): void {
  if (span === NOOP_SPAN || !getTracer().recordContent) return;
  span.setAttributes({ [A.GEN_AI_OUTPUT_MESSAGES]: spanJson(msgsToGenAi(reply)) });
}
