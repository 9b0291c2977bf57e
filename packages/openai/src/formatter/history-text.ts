import type { Msg } from "@agentscope-ts/core";

/** AgentScope's default `conversation_history_prompt`, from core's provider kit. */
export { DEFAULT_CONVERSATION_HISTORY_PROMPT } from "@agentscope-ts/core";

/**
 * The text multi-agent formatters send for a run of agent messages: one `name: text` line per text
 * block, wrapped as `<prompt><history>\n…\n</history>` (the prompt only for the first run). Empty
 * when the messages hold no text.
 */
export function historyText(msgs: readonly Msg[], prompt: string): string {
  const lines: string[] = [];
  for (const msg of msgs) {
    for (const block of msg.getContentBlocks()) {
      if (block.type === "text") lines.push(`${msg.name}: ${block.text}`);
    }
  }
  if (lines.length === 0) return "";
  return `${prompt}<history>\n${lines.join("\n")}\n</history>`;
}
