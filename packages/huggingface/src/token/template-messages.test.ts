import { describe, expect, it } from "vitest";
import { hasNullContent, toTemplateMessages } from "./template-messages.js";

describe("toTemplateMessages", () => {
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

  it("joins text-only content lists and keeps media lists and null content", () => {
    expect(toTemplateMessages(input)).toEqual([
      { role: "user", content: "a\nb" },
      { role: "assistant", content: null, tool_calls: [{ id: "1" }] },
      { role: "user", content: [{ type: "text", text: "look" }, image] },
      { role: "system", content: "plain" },
    ]);
    expect(hasNullContent(input)).toBe(true);
    expect(hasNullContent(toTemplateMessages(input, "empty"))).toBe(false);
  });

  it("writes null content as an empty string when asked, leaving the input alone", () => {
    expect(toTemplateMessages(input, "empty")[1]).toEqual({
      role: "assistant",
      content: "",
      tool_calls: [{ id: "1" }],
    });
    expect(input[1]?.content).toBeNull();
  });
});
