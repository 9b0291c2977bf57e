import { describe, expect, it } from "vitest";
import { FormatterBase } from "../formatter/formatter-base.js";
import { Msg } from "../message/msg.js";
import { MultiAgentFormatterBase } from "./multi-agent-formatter-base.js";
import { DEFAULT_CONVERSATION_HISTORY_PROMPT } from "./multi-agent-history.js";

interface Line {
  role: string;
  content: string;
}

class ToolLines extends FormatterBase<Line> {
  static built = 0;
  constructor() {
    super();
    ToolLines.built++;
  }
  async format(msgs: readonly Msg[]): Promise<Line[]> {
    return msgs.map((m) => ({ role: "tool", content: m.name }));
  }
}

class ToyMultiAgent extends MultiAgentFormatterBase<Line> {
  protected createToolFormatter() {
    return new ToolLines();
  }
  protected override async formatAgentMessage(msgs: Msg[], isFirst: boolean): Promise<Line[]> {
    const names = msgs.map((m) => m.name).join(",");
    return [{ role: "user", content: `${this.historyPrompt(isFirst)}${names}` }];
  }
}

describe("MultiAgentFormatterBase", () => {
  it("prompts the first agent run only and formats tool runs with the chat formatter, built once", async () => {
    const formatter = new ToyMultiAgent();
    expect(formatter.conversationHistoryPrompt).toBe(DEFAULT_CONVERSATION_HISTORY_PROMPT);
    const call = new Msg("bob", [{ type: "tool_use", id: "1", name: "f", input: {} }], "assistant");
    const result = new Msg(
      "system",
      [{ type: "tool_result", id: "1", name: "f", output: "ok" }],
      "system",
    );
    const msgs = [new Msg("alice", "hi", "user"), call, result, new Msg("carol", "yo", "user")];
    const out = await new ToyMultiAgent({ conversationHistoryPrompt: "P:" }).format(msgs);
    expect(out).toEqual([
      { role: "user", content: "P:alice" },
      { role: "tool", content: "bob" },
      { role: "tool", content: "system" },
      { role: "user", content: "carol" },
    ]);
    await formatter.format([call, result]);
    await formatter.format([call, result]);
    expect(ToolLines.built).toBe(2);
  });
});
