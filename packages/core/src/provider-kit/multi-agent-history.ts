/** AgentScope's default `conversation_history_prompt` of its multi-agent formatters. */
export const DEFAULT_CONVERSATION_HISTORY_PROMPT =
  "# Conversation History\nThe content between <history></history> tags contains your conversation history\n";
