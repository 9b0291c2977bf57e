import { ModelError } from "@agentscope-ts/core";
import { ScriptedChatModel, scriptedText, scriptedToolCall } from "@agentscope-ts/core/testing";
import { describe, expect, it } from "vitest";
import { AgentScopeLLM } from "./agentscope-llm.js";

const json = { type: "json_object" };

describe("AgentScopeLLM", () => {
  it("sends mem0's system/user/assistant messages as they are and returns the text", async () => {
    const model = new ScriptedChatModel({ script: [scriptedText('{"memory": []}')] });
    const llm = new AgentScopeLLM(model);
    const answer = await llm.generateResponse(
      [
        { role: "system", content: "extract" },
        { role: "tool", content: "dropped" },
        { role: "user", content: "hello" },
      ],
      json,
    );
    expect(answer).toBe('{"memory": []}');
    expect(model.calls[0]?.messages).toEqual([
      { role: "system", content: "extract" },
      { role: "user", content: "hello" },
    ]);
  });

  it("puts thinking before the text, except in a JSON answer", async () => {
    const model = new ScriptedChatModel({
      script: [
        scriptedText("Paris", { thinking: "the city" }),
        scriptedText('```json\n{"memory": []}\n```', { thinking: "{ not json" }),
      ],
    });
    const llm = new AgentScopeLLM(model);
    expect(await llm.generateResponse([{ role: "user", content: "q" }])).toBe(
      "[Thinking: the city]\nParis",
    );
    expect(await llm.generateResponse([{ role: "user", content: "q" }], json)).toBe(
      '```json\n{"memory": []}\n```',
    );
  });

  it("rejects an answer without the JSON object mem0 asked for", async () => {
    const model = new ScriptedChatModel({
      script: [scriptedText("Sure, noted."), scriptedText("[1]")],
    });
    const llm = new AgentScopeLLM(model);
    await expect(llm.generateResponse([{ role: "user", content: "q" }], json)).rejects.toThrow(
      ModelError,
    );
    await expect(llm.generateResponse([{ role: "user", content: "q" }], json)).rejects.toThrow(
      /without the JSON object it asked for: "\[1\]"/,
    );
  });

  it("returns tool calls when mem0 passes tools", async () => {
    const model = new ScriptedChatModel({
      script: [scriptedToolCall("add_memory", { text: "x" })],
    });
    const llm = new AgentScopeLLM(model);
    const tools = [
      {
        type: "function",
        function: { name: "add_memory", description: "Add", parameters: { type: "object" } },
      },
    ];
    const answer = await llm.generateResponse([{ role: "user", content: "q" }], undefined, tools);
    expect(answer).toEqual({
      content: "",
      role: "assistant",
      toolCalls: [{ name: "add_memory", arguments: '{"text":"x"}' }],
    });
    expect(model.calls[0]?.options.tools).toEqual(tools);
  });

  it("answers generateChat and refuses a request with no usable message", async () => {
    const model = new ScriptedChatModel({ script: [scriptedText("Hi")] });
    const llm = new AgentScopeLLM(model);
    expect(await llm.generateChat([{ role: "user", content: "hello" }])).toEqual({
      content: "Hi",
      role: "assistant",
    });
    await expect(llm.generateResponse([{ role: "tool", content: "x" }])).rejects.toThrow(
      /no system, user or assistant message/,
    );
  });
});
