import { CharTokenCounter, Msg } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { LlamaCppChatFormatter } from "./llama-cpp-chat-formatter.js";

const conversation = () => [
  new Msg({ name: "system", role: "system", content: "You are a helpful assistant." }),
  new Msg({ name: "user", role: "user", content: "What is the weather in Paris?" }),
  new Msg({
    name: "Friday",
    role: "assistant",
    content: [
      { type: "thinking", thinking: "I should look it up." },
      { type: "text", text: "Let me check." },
      { type: "tool_use", id: "call_1", name: "get_weather", input: { city: "Paris" } },
    ],
  }),
  new Msg({
    name: "system",
    role: "system",
    content: [
      {
        type: "tool_result",
        id: "call_1",
        name: "get_weather",
        output: [
          { type: "text", text: "sunny" },
          { type: "image", source: { type: "url", url: "https://example.com/sun.png" } },
        ],
      },
    ],
  }),
  new Msg({ name: "Friday", role: "assistant", content: "It is sunny in Paris." }),
];

describe("LlamaCppChatFormatter", () => {
  it("formats roles, tool calls and tool results like AgentScope's Ollama formatter", async () => {
    const formatted = await new LlamaCppChatFormatter().format(conversation());
    expect(formatted).toEqual([
      { role: "system", content: "You are a helpful assistant." },
      { role: "user", content: "What is the weather in Paris?" },
      {
        role: "assistant",
        content: "Let me check.",
        tool_calls: [
          {
            id: "call_1",
            type: "function",
            function: { name: "get_weather", arguments: { city: "Paris" } },
          },
        ],
      },
      {
        role: "tool",
        tool_call_id: "call_1",
        name: "get_weather",
        content: "- sunny\n- The returned image can be found at: https://example.com/sun.png",
      },
      { role: "assistant", content: "It is sunny in Paris." },
    ]);
  });

  it("joins text blocks, keeps tool-only assistant turns with null content, skips empty ones", async () => {
    const formatted = await new LlamaCppChatFormatter().format([
      new Msg({
        name: "user",
        role: "user",
        content: [
          { type: "text", text: "one" },
          { type: "text", text: "two" },
        ],
      }),
      new Msg({
        name: "a",
        role: "assistant",
        content: [{ type: "tool_use", id: "x", name: "t", input: {} }],
      }),
      new Msg({ name: "a", role: "assistant", content: [] }),
    ]);
    expect(formatted).toEqual([
      { role: "user", content: "one\ntwo" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "x", type: "function", function: { name: "t", arguments: {} } }],
      },
    ]);
  });

  it("drops the oldest messages to fit maxTokens and keeps the system message", async () => {
    const formatter = new LlamaCppChatFormatter({
      tokenCounter: new CharTokenCounter(),
      maxTokens: 120,
    });
    const formatted = await formatter.format(conversation());
    expect(formatted[0]).toEqual({ role: "system", content: "You are a helpful assistant." });
    expect(formatted.length).toBeLessThan(5);
    // A tool result never stays without its call.
    const roles = formatted.map((m) => m.role);
    if (roles.includes("tool")) expect(roles).toContain("assistant");
  });

  it("writes a base64 tool-result image as the default saver's data: URL line, images left out", async () => {
    const png = "iVBORw0KGgo=";
    const result = new Msg({
      name: "system",
      role: "system",
      content: [
        {
          type: "tool_result",
          id: "call_1",
          name: "chart",
          output: [
            { type: "image", source: { type: "base64", media_type: "image/png", data: png } },
          ],
        },
      ],
    });
    expect(await new LlamaCppChatFormatter().format([result])).toEqual([
      {
        role: "tool",
        tool_call_id: "call_1",
        name: "chart",
        content: `The returned image can be found at: data:image/png;base64,${png}`,
      },
    ]);
  });

  it("rejects input that is not a list of Msg", async () => {
    await expect(
      new LlamaCppChatFormatter().format([{ role: "user" } as unknown as Msg]),
    ).rejects.toThrow(/msgs\[0\]/);
  });
});
