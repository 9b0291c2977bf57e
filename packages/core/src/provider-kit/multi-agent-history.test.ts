import { describe, expect, it } from "vitest";
import { DEFAULT_CONVERSATION_HISTORY_PROMPT } from "./multi-agent-history.js";

describe("DEFAULT_CONVERSATION_HISTORY_PROMPT", () => {
  it("is AgentScope's prompt, naming the <history> tags and ending in a newline", () => {
    expect(DEFAULT_CONVERSATION_HISTORY_PROMPT).toBe(
      "# Conversation History\nThe content between <history></history> tags contains your conversation history\n",
    );
  });
});
