import { type Message, Role, type Task } from "@a2a-js/sdk";
import { type ContentBlock, Msg } from "@agentscope-ts/core";
import { blocksToParts, msgBlocks, partsToBlocks } from "./parts.js";

/** Where an outgoing A2A message belongs: the conversation and, to continue a task, the task. */
export interface A2AMessageTarget {
  /** The A2A context (conversation) id; empty lets the server start one. */
  contextId?: string;
  /** The task to continue (after `input-required`); empty starts a new task. */
  taskId?: string;
}

/**
 * Merges `msgs` into one A2A user message, as AgentScope's `A2AChatFormatter.format` does (the
 * protocol takes a single message per request). Thinking is sent as text.
 */
export function formatA2AMessage(msgs: readonly Msg[], target: A2AMessageTarget = {}): Message {
  const parts = msgs.flatMap((msg) => blocksToParts(msgBlocks(msg)));
  return {
    messageId: crypto.randomUUID(),
    contextId: target.contextId ?? "",
    taskId: target.taskId ?? "",
    role: Role.ROLE_USER,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/** Turns an A2A message into a Msg from `name` (user role → "user", agent role → "assistant"). */
export function a2aMessageToMsg(name: string, message: Message): Msg {
  return new Msg({
    name,
    role: message.role === Role.ROLE_USER ? "user" : "assistant",
    content: partsToBlocks(message.parts),
  });
}

/**
 * Turns an A2A task into Msgs as AgentScope's `format_a2a_task` does: the status message, then
 * every artifact's parts appended to the last assistant message (or a new one), carrying the
 * artifact's metadata.
 */
export function a2aTaskToMsgs(name: string, task: Task): Msg[] {
  const msgs: Msg[] = [];
  if (task.status?.message) msgs.push(a2aMessageToMsg(name, task.status.message));
  for (const artifact of task.artifacts ?? []) {
    const blocks = partsToBlocks(artifact.parts);
    const last = msgs[msgs.length - 1];
    if (last && last.role === "assistant") {
      last.content = [...(last.content as ContentBlock[]), ...blocks];
      last.metadata = { ...(artifact.metadata ?? {}) };
    } else {
      msgs.push(
        new Msg({
          name,
          role: "assistant",
          content: blocks,
          metadata: { ...(artifact.metadata ?? {}) },
        }),
      );
    }
  }
  return msgs;
}
