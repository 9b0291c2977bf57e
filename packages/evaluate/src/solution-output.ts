import type { ContentBlock, MsgDict } from "@agentscope-ts/core";

/** A JSON value (what tasks, outputs and metadata hold). */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

/** One trajectory entry: an agent message in AgentScope's JSON, or a bare block (as Python writes). */
export type TrajectoryItem = MsgDict | ContentBlock;

/**
 * What a solution produced for one task and repeat (AgentScope's `SolutionOutput`, written as
 * `solution.json`). `trajectory` holds the agent's messages (`Msg.toDict()`) or, as AgentScope
 * Python writes it, their tool_use / tool_result / text blocks.
 */
export interface SolutionOutput {
  /** False when the solution threw or timed out (then `meta.error` says why). */
  success: boolean;
  /** The final output, JSON. */
  output: JsonValue;
  /** The agent's messages or blocks, in order. */
  trajectory: TrajectoryItem[];
  /** Extra data; the evaluator puts `{ error: { type, message } }` here for a failed solution. */
  meta: Record<string, JsonValue> | null;
}

/** The content blocks of a trajectory, messages flattened in order (bare blocks kept as they are). */
export function trajectoryBlocks(trajectory: readonly TrajectoryItem[]): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  for (const item of trajectory) {
    if ("role" in item && "content" in item) {
      const content = (item as MsgDict).content;
      if (typeof content === "string") blocks.push({ type: "text", text: content });
      else blocks.push(...content);
    } else {
      blocks.push(item as ContentBlock);
    }
  }
  return blocks;
}

/** A failed solution's record: no output, the error's type and message in `meta.error`. */
export function failedSolution(type: string, message: string): SolutionOutput {
  return { success: false, output: null, trajectory: [], meta: { error: { type, message } } };
}
