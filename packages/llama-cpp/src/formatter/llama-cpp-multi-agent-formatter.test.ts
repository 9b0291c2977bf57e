import { Msg } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_CONVERSATION_HISTORY_PROMPT,
  LlamaCppMultiAgentFormatter,
} from "./llama-cpp-multi-agent-formatter.js";

describe("LlamaCppMultiAgentFormatter", () => {
  it("wraps agent messages in <history> and keeps tool calls in the tool format", async () => {
    const formatted = await new LlamaCppMultiAgentFormatter().format([
      new Msg({ name: "system", role: "system", content: "You are Bob." }),
      new Msg({ name: "Alice", role: "user", content: "Hi Bob" }),
      new Msg({ name: "Carol", role: "assistant", content: "Hi all" }),
      new Msg({
        name: "Bob",
        role: "assistant",
        content: [{ type: "tool_use", id: "c1", name: "lookup", input: { q: "x" } }],
      }),
      new Msg({
        name: "system",
        role: "system",
        content: [{ type: "tool_result", id: "c1", name: "lookup", output: "found" }],
      }),
      new Msg({ name: "Alice", role: "user", content: "And then?" }),
    ]);
    expect(formatted).toEqual([
      { role: "system", content: "You are Bob." },
      {
        role: "user",
        content: `${DEFAULT_CONVERSATION_HISTORY_PROMPT}<history>\nAlice: Hi Bob\nCarol: Hi all\n</history>`,
      },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "c1", type: "function", function: { name: "lookup", arguments: { q: "x" } } },
        ],
      },
      { role: "tool", tool_call_id: "c1", name: "lookup", content: "found" },
      { role: "user", content: "<history>\nAlice: And then?\n</history>" },
    ]);
  });

  it("uses a custom history prompt", async () => {
    const formatted = await new LlamaCppMultiAgentFormatter({
      conversationHistoryPrompt: "Log:\n",
    }).format([new Msg({ name: "Alice", role: "user", content: "Hi" })]);
    expect(formatted).toEqual([
      { role: "user", content: "Log:\n<history>\nAlice: Hi\n</history>" },
    ]);
  });
});
