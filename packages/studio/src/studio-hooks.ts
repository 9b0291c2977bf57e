import { type AgentBase, formatTimestamp, type PrintKwargs, UserAgent } from "@agentscope-ts/core";
import type { PushMessageInput, RegisterReplyInput } from "./studio-protocol.js";

/** The role Studio shows a reply with: `user` for a UserAgent, else `assistant` (as AgentScope). */
export function replyRoleOf(agent: AgentBase): "user" | "assistant" {
  return agent instanceof UserAgent ? "user" : "assistant";
}

/** The `pushMessage` input for a print: AgentScope's studio pre-print hook payload, plus speech. */
export function pushMessageInput(
  runId: string,
  agent: AgentBase,
  kwargs: PrintKwargs,
): PushMessageInput {
  const input: PushMessageInput = {
    runId,
    replyId: agent.replyId,
    replyName: agent.name ?? kwargs.msg.name,
    replyRole: replyRoleOf(agent),
    msg: kwargs.msg.toDict(),
  };
  if (kwargs.speech !== null && kwargs.speech !== undefined) input.speech = kwargs.speech;
  return input;
}

/** Merges a newer print of the same streamed message into a waiting one (Studio keeps the last). */
export function mergePrints(
  older: Record<string, unknown>,
  newer: Record<string, unknown>,
): Record<string, unknown> {
  // Studio keeps a message's earlier speech when a later print has none: so does the merge.
  return newer.speech === undefined && older.speech !== undefined
    ? { ...newer, speech: older.speech }
    : newer;
}

/** The `registerReply` input of a starting reply (`null` outside a reply). */
export function registerReplyInput(runId: string, agent: AgentBase): RegisterReplyInput | null {
  const replyId = agent.replyId;
  if (replyId === null) return null;
  return {
    runId,
    replyId,
    replyRole: replyRoleOf(agent),
    replyName: agent.name,
    createdAt: formatTimestamp(),
  };
}
