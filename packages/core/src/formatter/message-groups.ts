import type { Msg } from "../message/msg.js";

/** The kind of a {@link MessageGroup}: AgentScope's group types, spelled as AgentScope spells them. */
export type MessageGroupType = "tool_sequence" | "agent_message";

/** A run of consecutive messages of one kind. */
export interface MessageGroup {
  /** `tool_sequence`: every message has a tool_use or tool_result block; `agent_message`: none has. */
  type: MessageGroupType;
  /** The messages of the group, in order. */
  msgs: Msg[];
}

/** Whether `msg` takes part in a tool call (has a tool_use or tool_result block). */
export function isToolMessage(msg: Msg): boolean {
  return msg.hasContentBlocks(["tool_use", "tool_result"]);
}

/**
 * AgentScope's `_group_messages`: splits `msgs` (without the leading system message) into maximal
 * runs of tool messages (`tool_sequence`) and of other messages (`agent_message`). Multi-agent
 * formatters send each agent-message group as one `<history>` user message and each tool
 * sequence in the API's native tool format.
 */
export function groupMessages(msgs: readonly Msg[]): MessageGroup[] {
  const groups: MessageGroup[] = [];
  let current: MessageGroup | null = null;
  for (const msg of msgs) {
    const type: MessageGroupType = isToolMessage(msg) ? "tool_sequence" : "agent_message";
    if (current && current.type === type) {
      current.msgs.push(msg);
    } else {
      current = { type, msgs: [msg] };
      groups.push(current);
    }
  }
  return groups;
}
