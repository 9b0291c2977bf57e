import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import { makeAgent, PlainFormatter } from "../integration/__fixtures__/react-kit.js";
import { InMemoryMemory } from "../memory/in-memory-memory.js";
import { Msg } from "../message/msg.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";
import { scriptedText } from "../testing/scripted-steps.js";
import { CharTokenCounter } from "../token/char-token-counter.js";
import {
  DEFAULT_COMPRESSION_PROMPT,
  fillSummaryTemplate,
  selectMessagesToCompress,
} from "./react-agent-compression.js";

const summaryFields = {
  task_overview: "This is a compressed summary.",
  current_state: "In progress",
  important_discoveries: "N/A",
  next_steps: "N/A",
  context_to_preserve: "N/A",
};

const expectedSummary = `<system-info>Here is a summary of your previous work
# Task Overview
This is a compressed summary.

# Current State
In progress

# Important Discoveries
N/A

# Next Steps
N/A

# Context to Preserve
N/A</system-info>`;

const user = (text: string) => new Msg("user", text, "user");
const row = (role: string, name: string, content: unknown) => ({ role, name, content });

describe("ReActAgent memory compression", () => {
  it("does not compress below the threshold", async () => {
    const { agent, model } = makeAgent([scriptedText("This is a test response.")], {
      compressionConfig: {
        enable: true,
        triggerThreshold: 10_000,
        agentTokenCounter: new CharTokenCounter(),
        keepRecent: 1,
      },
    });
    await agent.call(user("Hello, this is a short message."));
    expect(agent.memory.compressedSummary).toBe("");
    expect(model.calls.map((c) => c.messages)).toEqual([
      [
        row("system", "system", "You are a helpful assistant named Friday."),
        row("user", "user", "Hello, this is a short message."),
      ],
    ]);
  });

  it("summarises old messages past the threshold, marks them and sends the summary instead", async () => {
    const memory = new InMemoryMemory();
    const { agent, model } = makeAgent(
      [
        {
          text: "This is a test response.",
          metadata: summaryFields,
          usage: { inputTokens: 100, outputTokens: 20 },
        },
        scriptedText("This is a test response.", { usage: { inputTokens: 10, outputTokens: 5 } }),
      ],
      {
        memory,
        compressionConfig: {
          enable: true,
          triggerThreshold: 100,
          agentTokenCounter: new CharTokenCounter(),
          keepRecent: 1,
        },
      },
    );
    const long = "This is a long message ".repeat(100);
    const msgs = [user("1"), user(long), user("2")];
    const reply = await agent.call(msgs);

    expect(memory.compressedSummary).toBe(expectedSummary);
    const system = row("system", "system", "You are a helpful assistant named Friday.");
    expect(model.calls[0]?.messages).toEqual([
      system,
      row("user", "user", "1"),
      row("user", "user", long),
      row("user", "user", DEFAULT_COMPRESSION_PROMPT),
    ]);
    expect(model.calls[0]?.options.structuredModel).toBeDefined();
    expect(model.calls[1]?.messages).toEqual([
      system,
      row("user", "user", expectedSummary),
      row("user", "user", "2"),
    ]);
    expect(memory.content.map(([m, marks]) => [m.getTextContent(), marks])).toEqual([
      ["1", ["compressed"]],
      [long, ["compressed"]],
      ["2", []],
      ["This is a test response.", []],
    ]);
    expect(reply.usage).toMatchObject({ inputTokens: 110, outputTokens: 25 });
  });

  it("uses the compression model and formatter when given", async () => {
    const compressionModel = new ScriptedChatModel({
      script: [{ metadata: summaryFields }],
      stream: false,
    });
    const { agent, model } = makeAgent([scriptedText("ok")], {
      compressionConfig: {
        enable: true,
        triggerThreshold: 10,
        agentTokenCounter: new CharTokenCounter(),
        keepRecent: 1,
        compressionModel,
        compressionFormatter: new PlainFormatter(),
        summaryTemplate: "Summary: {task_overview} {{braces}}",
      },
    });
    await agent.call([user("a long enough message to pass the threshold"), user("latest")]);
    expect(compressionModel.callCount).toBe(1);
    expect(model.callCount).toBe(1);
    expect(agent.memory.compressedSummary).toBe("Summary: This is a compressed summary. {braces}");
  });
});

describe("selectMessagesToCompress", () => {
  const toolUse = (id: string) =>
    new Msg("Friday", [{ type: "tool_use", id, name: "t", input: {} }], "assistant");
  const toolResult = (id: string) =>
    new Msg("system", [{ type: "tool_result", id, name: "t", output: "r" }], "system");

  it("keeps the latest messages, never separating a tool_use from its tool_result", () => {
    const msgs = [user("q"), toolUse("x"), toolResult("x"), new Msg("Friday", "a", "assistant")];
    expect(selectMessagesToCompress(msgs, 1)).toEqual(msgs.slice(0, 3));
    // The result alone does not count: its tool_use stays with it.
    expect(selectMessagesToCompress(msgs, 2)).toEqual(msgs.slice(0, 1));
    expect(selectMessagesToCompress(msgs, 3)).toEqual([]);
  });

  it("leaves everything to compress when there are fewer messages than keepRecent (as AgentScope)", () => {
    const msgs = [user("a"), user("b")];
    expect(selectMessagesToCompress(msgs, 3)).toEqual(msgs);
  });
});

describe("fillSummaryTemplate", () => {
  it("fills placeholders like str.format and names missing fields", () => {
    expect(fillSummaryTemplate("{a}-{{b}}-{c}", { a: "x", c: 2 })).toBe("x-{b}-2");
    expect(() => fillSummaryTemplate("{a} {missing}", { a: 1 })).toThrow(ValidationError);
    expect(() => fillSummaryTemplate("{missing}", {})).toThrow(/missing: used by summaryTemplate/);
  });
});
