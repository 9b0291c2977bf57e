import { afterEach, describe, expect, it } from "vitest";
import { FormatterBase } from "../formatter/formatter-base.js";
import { Msg } from "../message/msg.js";
import { captureLogs, type LogCapture } from "../testing/capture-logs.js";
import { functionToolCall } from "./chat-formatter-pieces.js";
import { formatToolChat } from "./tool-chat-messages.js";

let logs: LogCapture | undefined;
afterEach(() => logs?.restore());

class ToolChatTestFormatter extends FormatterBase<object> {
  async format(msgs: readonly Msg[]): Promise<object[]> {
    return formatToolChat<object, string, object>(this, [...msgs], {
      promote: { images: true },
      toolCall: (block) => functionToolCall(block, JSON.stringify(block.input)),
      part: (block) =>
        block.type === "text" ? block.text : block.type === "thinking" ? null : undefined,
      message: (msg, parts, toolCalls) =>
        parts.length > 0 || toolCalls.length > 0
          ? { role: msg.role, content: parts.join("|"), calls: toolCalls.length }
          : undefined,
    });
  }
}

describe("formatToolChat", () => {
  it("formats parts, tool calls and tool results in order, promoting media", async () => {
    logs = captureLogs();
    const out = await new ToolChatTestFormatter().format([
      new Msg({
        name: "a",
        role: "assistant",
        content: [
          { type: "thinking", thinking: "hm" },
          { type: "text", text: "look" },
          { type: "tool_use", id: "c1", name: "view", input: { x: 1 } },
        ],
      }),
      new Msg({
        name: "system",
        role: "system",
        content: [
          {
            type: "tool_result",
            id: "c1",
            name: "view",
            output: [{ type: "image", source: { type: "url", url: "http://x/a.png" } }],
          },
        ],
      }),
    ]);
    expect(out).toHaveLength(3);
    expect(out[0]).toEqual({ role: "assistant", content: "look", calls: 1 });
    expect(out[1]).toMatchObject({ role: "tool", tool_call_id: "c1", name: "view" });
    // The promoted user message: its text parts kept, its image warned about and left out.
    expect(out[2]).toMatchObject({ role: "user", calls: 0 });
    expect((out[2] as { content: string }).content).toContain("http://x/a.png");
    expect(logs.messages("warn")).toEqual([
      "ToolChatTestFormatter: unsupported block type image in the message, skipped.",
    ]);
  });
});
