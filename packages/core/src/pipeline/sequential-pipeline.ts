import type { AgentBase } from "../agent/agent-base.js";
import type { Msg } from "../message/msg.js";

/**
 * Runs `agents` one after another, each on the previous one's reply, and returns the last reply
 * (or `msg` itself when there are no agents): AgentScope's `sequential_pipeline`.
 */
export async function sequentialPipeline(
  agents: readonly AgentBase[],
  msg: Msg | Msg[] | null = null,
): Promise<Msg | Msg[] | null> {
  let current = msg;
  for (const agent of agents) current = await agent.call(current);
  return current;
}

/** The options of {@link SequentialPipeline}. */
export interface SequentialPipelineOptions {
  /** The agents, in order. */
  agents: readonly AgentBase[];
}

/** A reusable {@link sequentialPipeline}: AgentScope's `SequentialPipeline`. */
export class SequentialPipeline {
  /** The agents, in order. */
  agents: readonly AgentBase[];

  constructor(options: SequentialPipelineOptions) {
    this.agents = options.agents;
  }

  /** Runs the agents in order on `msg`; returns the last reply. */
  call(msg: Msg | Msg[] | null = null): Promise<Msg | Msg[] | null> {
    return sequentialPipeline(this.agents, msg);
  }
}
