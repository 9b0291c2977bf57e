import { Msg } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { OpenAIResponseChatFormatter } from "./openai-response-chat-formatter.js";
import { OpenAIResponseMultiAgentFormatter } from "./openai-response-multi-agent-formatter.js";

const assistant = (content: Record<string, unknown>[]) =>
  new Msg({ name: "Friday", role: "assistant", content: content as never });

describe("OpenAIResponseChatFormatter reasoning items", () => {
  it("sends a thinking block from the Responses API back as its reasoning items, first", async () => {
    const msg = assistant([
      {
        type: "thinking",
        thinking: "Let me add.",
        reasoning_items: [
          { id: "rs_1", encrypted_content: "gAAA" },
          { id: "rs_2" },
          { id: "" },
          null,
        ],
      },
      { type: "text", text: "Calling the calculator." },
      { type: "tool_use", id: "call_1", name: "calculator", input: { a: 1, b: 2 } },
    ]);
    expect(await new OpenAIResponseChatFormatter().format([msg])).toEqual([
      { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "gAAA" },
      { type: "reasoning", id: "rs_2", summary: [] },
      { role: "assistant", content: [{ type: "output_text", text: "Calling the calculator." }] },
      {
        type: "function_call",
        call_id: "call_1",
        name: "calculator",
        arguments: '{"a": 1, "b": 2}',
      },
    ]);
  });

  it("skips thinking blocks that carry no reasoning item (other providers, or not the assistant)", async () => {
    const msgs = [
      assistant([
        { type: "thinking", thinking: "private" },
        { type: "text", text: "Hi" },
      ]),
      new Msg({
        name: "user",
        role: "user",
        content: [{ type: "thinking", thinking: "x", reasoning_items: [{ id: "rs_9" }] }] as never,
      }),
    ];
    expect(await new OpenAIResponseChatFormatter().format(msgs)).toEqual([
      { role: "assistant", content: [{ type: "output_text", text: "Hi" }] },
    ]);
  });

  it("keeps reasoning items inside a multi-agent tool sequence", async () => {
    const msgs = [
      new Msg("user", "Add 1 and 2", "user"),
      assistant([
        { type: "thinking", thinking: "", reasoning_items: [{ id: "rs_1" }] },
        { type: "tool_use", id: "call_1", name: "calculator", input: { a: 1, b: 2 } },
      ]),
    ];
    const out = await new OpenAIResponseMultiAgentFormatter().format(msgs);
    expect(out.slice(1)).toEqual([
      { type: "reasoning", id: "rs_1", summary: [] },
      {
        type: "function_call",
        call_id: "call_1",
        name: "calculator",
        arguments: '{"a": 1, "b": 2}',
      },
    ]);
  });
});
