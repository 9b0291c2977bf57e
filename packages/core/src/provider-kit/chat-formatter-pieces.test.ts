import { describe, expect, it } from "vitest";
import { dataUrlMediaSaver } from "../formatter/base64-media-saver.js";
import { convertToolResultToString } from "../formatter/tool-result-to-string.js";
import type { ToolResultBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import { functionToolCall, toolResultText, toolRoleMessage } from "./chat-formatter-pieces.js";

const formatter = {
  convertToolResultToString: (output: ToolResultBlock["output"]) =>
    convertToolResultToString(output, dataUrlMediaSaver),
};

const result: ToolResultBlock = {
  type: "tool_result",
  id: "call-1",
  name: "view",
  output: [
    { type: "text", text: "done" },
    { type: "image", source: { type: "url", url: "http://x/cat.png" } },
  ],
};

describe("toolResultText", () => {
  it("answers the text and inserts the promoted media right after the index", async () => {
    const msgs = [
      new Msg({ name: "a", role: "assistant", content: "x" }),
      new Msg({ name: "b", role: "user", content: "y" }),
    ];
    const text = await toolResultText(formatter, result, msgs, 0, { images: true });
    expect(text).toContain("done");
    expect(text).toContain("http://x/cat.png");
    expect(msgs).toHaveLength(3);
    expect(msgs[1]?.role).toBe("user");
    expect(msgs[1]?.getContentBlocks("image")).toEqual([
      { type: "image", source: { type: "url", url: "http://x/cat.png" } },
    ]);
    expect(msgs[2]?.name).toBe("b");
  });

  it("inserts nothing when no media is promoted", async () => {
    const msgs = [new Msg({ name: "a", role: "assistant", content: "x" })];
    await toolResultText(formatter, result, msgs, 0, { images: false });
    expect(msgs).toHaveLength(1);
  });
});

describe("toolRoleMessage and functionToolCall", () => {
  it("build the OpenAI-compatible shapes", () => {
    expect(toolRoleMessage(result, "done")).toEqual({
      role: "tool",
      tool_call_id: "call-1",
      content: "done",
      name: "view",
    });
    const call = { type: "tool_use" as const, id: "c", name: "f", input: { a: 1 } };
    expect(functionToolCall(call, '{"a": 1}')).toEqual({
      id: "c",
      type: "function",
      function: { name: "f", arguments: '{"a": 1}' },
    });
  });
});
