import { Msg } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { OllamaChatFormatter } from "./ollama-chat-formatter.js";
import { OllamaMultiAgentFormatter } from "./ollama-multi-agent-formatter.js";

const thinking = (text: string) => ({ type: "thinking" as const, thinking: text });
const call = { type: "tool_use" as const, id: "0_add", name: "add", input: { a: 1, b: 2 } };
const result = {
  type: "tool_result" as const,
  id: "0_add",
  name: "add",
  output: [{ type: "text" as const, text: "3" }],
};

// A tool round in which the assistant thought before calling, then thought and answered.
const history = () => [
  new Msg("user", "What is 1 + 2?", "user"),
  new Msg("Friday", [thinking("I should add."), call], "assistant"),
  new Msg("system", [result], "system"),
  new Msg("Friday", [thinking("The tool said 3.")], "assistant"),
  new Msg("Friday", [thinking("Answer now."), { type: "text", text: "1 + 2 = 3." }], "assistant"),
];
const toolCall = {
  id: "0_add",
  type: "function",
  function: { name: "add", arguments: { a: 1, b: 2 } },
};
const toolMessage = { role: "tool", tool_call_id: "0_add", content: "3", name: "add" };

describe("OllamaChatFormatter: thinking sent back", () => {
  it("goes back as <think> text by default (AgentScope after v1.0.21)", async () => {
    expect(await new OllamaChatFormatter().format(history())).toEqual([
      { role: "user", content: "What is 1 + 2?" },
      { role: "assistant", content: "<think>I should add.</think>", tool_calls: [toolCall] },
      toolMessage,
      { role: "assistant", content: "<think>The tool said 3.</think>" },
      { role: "assistant", content: "<think>Answer now.</think>\n1 + 2 = 3." },
    ]);
  });

  it("is left out with thinkingAsText: false, as AgentScope v1.0.21 does (a thinking-only message too)", async () => {
    const formatter = new OllamaChatFormatter({ thinkingAsText: false });
    expect(formatter.thinkingAsText).toBe(false);
    expect(await formatter.format(history())).toEqual([
      { role: "user", content: "What is 1 + 2?" },
      { role: "assistant", content: null, tool_calls: [toolCall] },
      toolMessage,
      { role: "assistant", content: "1 + 2 = 3." },
    ]);
  });
});

describe("OllamaMultiAgentFormatter: thinking in a tool sequence", () => {
  const round = () => [
    new Msg("Friday", [thinking("I should add."), call], "assistant"),
    new Msg("system", [result], "system"),
  ];

  it("goes back as <think> text by default, and is left out with thinkingAsText: false", async () => {
    expect(await new OllamaMultiAgentFormatter().format(round())).toEqual([
      { role: "assistant", content: "<think>I should add.</think>", tool_calls: [toolCall] },
      toolMessage,
    ]);
    expect(await new OllamaMultiAgentFormatter({ thinkingAsText: false }).format(round())).toEqual([
      { role: "assistant", content: null, tool_calls: [toolCall] },
      toolMessage,
    ]);
  });
});
