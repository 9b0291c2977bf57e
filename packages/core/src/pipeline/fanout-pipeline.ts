import type { AgentBase, ReplyOptions } from "../agent/agent-base.js";
import { deepCopy } from "../agent/copy.js";
import type { Msg } from "../message/msg.js";

/** The options of {@link fanoutPipeline}; any other key is passed to each agent's call. */
export interface FanoutPipelineCallOptions extends ReplyOptions {
  /** Run the agents concurrently (default) or one after another. */
  enableGather?: boolean;
}

/**
 * Gives each agent its own deep copy of `msg` and collects their replies in agent order:
 * AgentScope's `fanout_pipeline`. The agents run concurrently unless `enableGather` is false.
 * Options other than `enableGather` are passed to every agent's `call`.
 */
export async function fanoutPipeline(
  agents: readonly AgentBase[],
  msg: Msg | Msg[] | null = null,
  options: FanoutPipelineCallOptions = {},
): Promise<Msg[]> {
  const { enableGather = true, ...replyOptions } = options;
  const hasOptions = Object.keys(replyOptions).length > 0;
  const run = (agent: AgentBase) =>
    hasOptions ? agent.call(deepCopy(msg), replyOptions) : agent.call(deepCopy(msg));
  if (enableGather) return Promise.all(agents.map(run));
  const replies: Msg[] = [];
  for (const agent of agents) replies.push(await run(agent));
  return replies;
}

/** The options of {@link FanoutPipeline}. */
export interface FanoutPipelineOptions {
  /** The agents that all receive the input. */
  agents: readonly AgentBase[];
  /** Run the agents concurrently (default) or one after another. */
  enableGather?: boolean;
}

/** A reusable {@link fanoutPipeline}: AgentScope's `FanoutPipeline`. */
export class FanoutPipeline {
  /** The agents that all receive the input. */
  agents: readonly AgentBase[];
  /** Whether the agents run concurrently. */
  enableGather: boolean;

  constructor(options: FanoutPipelineOptions) {
    this.agents = options.agents;
    this.enableGather = options.enableGather ?? true;
  }

  /** Runs every agent on its own copy of `msg`; `replyOptions` go to each agent's call. */
  call(msg: Msg | Msg[] | null = null, replyOptions: ReplyOptions = {}): Promise<Msg[]> {
    return fanoutPipeline(this.agents, msg, { ...replyOptions, enableGather: this.enableGather });
  }
}
