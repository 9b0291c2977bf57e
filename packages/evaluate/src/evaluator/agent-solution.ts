import { type AgentBase, MemoryBase, Msg } from "@agentscope-ts/core";
import type { JsonValue, SolutionOutput } from "../solution-output.js";
import type { Task } from "../task.js";
import type { SolutionContext, SolutionFunction } from "./run-solution.js";

/** Options of {@link agentSolution}. */
export interface AgentSolutionOptions<A extends AgentBase> {
  /** Makes a fresh agent for one task and repeat (never reuse one: solutions run concurrently). */
  createAgent(task: Task, context: SolutionContext): A | Promise<A>;
  /** The message sent to the agent; default: the task input as a user message (JSON unless a string). */
  toInput?(task: Task): Msg;
  /** The solution's output from the reply; default: the reply's text. */
  toOutput?(reply: Msg, agent: A, task: Task): JsonValue | Promise<JsonValue>;
}

/**
 * A solution function that runs a fresh agent from `createAgent` on each task: sends the input,
 * interrupts the agent when the solution is aborted (timeout, stop), and returns the reply's text
 * with the agent's memory (its messages in AgentScope's JSON) as the trajectory.
 */
export function agentSolution<A extends AgentBase>(
  options: AgentSolutionOptions<A>,
): SolutionFunction {
  return async (task, context): Promise<SolutionOutput> => {
    const agent = await options.createAgent(task, context);
    // Like AgentScope's pre-print hook: each printed message, once complete, into logging.txt.
    agent.registerInstanceHook("pre_print", "evaluation_log", async (_agent, { msg, last }) => {
      if (last) await context.log(printedLines(msg));
    });
    const input =
      options.toInput?.(task) ??
      new Msg({
        name: "user",
        role: "user",
        content: typeof task.input === "string" ? task.input : JSON.stringify(task.input),
      });
    const onAbort = () => void agent.interrupt(context.signal.reason);
    context.signal.addEventListener("abort", onAbort, { once: true });
    try {
      const reply = await (agent as AgentBase).call(input);
      const memory = (agent as { memory?: unknown }).memory;
      const messages = memory instanceof MemoryBase ? await memory.getMemory() : [input, reply];
      const output = options.toOutput
        ? await options.toOutput(reply, agent, task)
        : (reply.getTextContent() ?? "");
      return { success: true, output, trajectory: messages.map((m) => m.toDict()), meta: null };
    } finally {
      context.signal.removeEventListener("abort", onAbort);
    }
  };
}

/** A printed message as AgentScope's evaluation log writes it: `name: text`, `name (thinking): …`, other blocks as JSON. */
export function printedLines(msg: Msg): string {
  const lines: string[] = [];
  for (const block of msg.getContentBlocks()) {
    if (block.type === "text") lines.push(`${msg.name}: ${block.text}`);
    else if (block.type === "thinking") lines.push(`${msg.name} (thinking): ${block.thinking}`);
    else {
      const json = JSON.stringify(block, null, 4);
      lines.push(lines.length ? json : `${msg.name}: ${json}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
