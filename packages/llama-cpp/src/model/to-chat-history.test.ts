import { ValidationError } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import type { LlamaCppToolCall } from "../formatter/llama-cpp-message.js";
import { MISSING_TOOL_RESULT, toChatHistory } from "./to-chat-history.js";

const call = (id: string, name: string, args: Record<string, unknown>): LlamaCppToolCall => ({
  id,
  type: "function",
  function: { name, arguments: args },
});

describe("toChatHistory", () => {
  it("maps system and user messages one to one", () => {
    expect(
      toChatHistory([
        { role: "system", content: "sys" },
        { role: "user", content: "hi" },
      ]),
    ).toEqual([
      { type: "system", text: "sys" },
      { type: "user", text: "hi" },
    ]);
  });

  it("merges an assistant turn, its tool calls and their results into one model response", () => {
    const history = toChatHistory([
      { role: "user", content: "weather?" },
      {
        role: "assistant",
        content: "Checking.",
        tool_calls: [call("a", "get_weather", { city: "Paris" }), call("b", "get_time", {})],
      },
      { role: "tool", tool_call_id: "b", name: "get_time", content: "noon" },
      { role: "tool", tool_call_id: "a", name: "get_weather", content: '{"sky":"sunny"}' },
      { role: "assistant", content: "Sunny at noon." },
      { role: "user", content: "thanks" },
    ]);
    expect(history).toEqual([
      { type: "user", text: "weather?" },
      {
        type: "model",
        response: [
          "Checking.",
          {
            type: "functionCall",
            name: "get_weather",
            params: { city: "Paris" },
            result: { sky: "sunny" },
          },
          { type: "functionCall", name: "get_time", params: {}, result: "noon" },
          "Sunny at noon.",
        ],
      },
      { type: "user", text: "thanks" },
    ]);
  });

  it("ends with the open model response after tool results, so the model continues it", () => {
    const history = toChatHistory([
      { role: "user", content: "q" },
      { role: "assistant", content: null, tool_calls: [call("a", "t", {})] },
      { role: "tool", tool_call_id: "a", name: "t", content: "r" },
    ]);
    expect(history.at(-1)).toEqual({
      type: "model",
      response: [{ type: "functionCall", name: "t", params: {}, result: "r" }],
    });
  });

  it("starts a new model response after a finished assistant turn", () => {
    const history = toChatHistory([
      { role: "user", content: "q" },
      { role: "assistant", content: "a" },
    ]);
    expect(history.slice(1)).toEqual([
      { type: "model", response: ["a"] },
      { type: "model", response: [] },
    ]);
  });

  it("matches results by name when ids are missing; marks calls without results; keeps orphans", () => {
    const history = toChatHistory([
      { role: "user", content: "q" },
      { role: "assistant", content: null, tool_calls: [call("", "t", {}), call("z", "u", {})] },
      { role: "tool", tool_call_id: "other", name: "t", content: "by name" },
      { role: "user", content: "next" },
      { role: "tool", tool_call_id: "nobody", name: "v", content: "lost" },
    ]);
    const model = history[1] as { response: Array<{ result?: unknown }> };
    expect(model.response[0]?.result).toBe("by name");
    expect(model.response[1]?.result).toBe(MISSING_TOOL_RESULT);
    expect(history.at(-1)).toEqual({ type: "user", text: "Result of the tool v: lost" });
  });

  it("names the bad field of malformed messages", () => {
    // JavaScript callers can pass what the types reject; each is a ValidationError naming the field.
    // @ts-expect-error content is no string
    expect(() => toChatHistory([{ role: "user", content: 3 }])).toThrow(ValidationError);
    // @ts-expect-error content is no string
    expect(() => toChatHistory([{ role: "user", content: 3 }])).toThrow(/\[0\]\.content/);
    // @ts-expect-error no such role
    expect(() => toChatHistory([{ role: "x" }])).toThrow(/\[0\]\.role.*"x"/);
    expect(() =>
      // @ts-expect-error a tool call without a name
      toChatHistory([{ role: "assistant", content: null, tool_calls: [{ function: {} }] }]),
    ).toThrow(/\[0\]\.tool_calls\[0\]\.function\.name/);
  });
});
