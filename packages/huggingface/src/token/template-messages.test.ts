import { describe, expect, it } from "vitest";
import { toTemplateMessages } from "./template-messages.js";

describe("toTemplateMessages", () => {
  it("joins text-only content lists, fills missing content, keeps media lists", () => {
    const image = { type: "image_url", image_url: { url: "https://x/y.png" } };
    const input = [
      {
        role: "user",
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
      },
      { role: "assistant", content: null, tool_calls: [{ id: "1" }] },
      { role: "user", content: [{ type: "text", text: "look" }, image] },
      { role: "system", content: "plain" },
    ];
    expect(toTemplateMessages(input)).toEqual([
      { role: "user", content: "a\nb" },
      { role: "assistant", content: "", tool_calls: [{ id: "1" }] },
      { role: "user", content: [{ type: "text", text: "look" }, image] },
      { role: "system", content: "plain" },
    ]);
    expect(input[1]?.content).toBeNull();
  });
});
