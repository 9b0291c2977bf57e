import { describe, expect, it } from "vitest";
import { sumChatUsage } from "./chat-usage.js";
import { createChatResponse } from "./create-chat-response.js";

describe("sumChatUsage", () => {
  it("adds tokens and time, skipping missing usage", () => {
    expect(
      sumChatUsage([
        { inputTokens: 10, outputTokens: 2, time: 0.5, metadata: { cached: 1 } },
        undefined,
        { inputTokens: 5, outputTokens: 3, time: 0.25 },
      ]),
    ).toEqual({ inputTokens: 15, outputTokens: 5, time: 0.75 });
    expect(sumChatUsage([undefined])).toBeUndefined();
  });
});

describe("createChatResponse", () => {
  it("fills in a short uuid and a timestamp, and leaves out empty fields", () => {
    const r = createChatResponse({ content: [{ type: "text", text: "hi" }] });
    expect(r.id).toMatch(/^[2-9A-HJ-NP-Za-km-z]{22}$/);
    expect(r.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    expect(Object.keys(r).sort()).toEqual(["content", "createdAt", "id"]);
    expect(createChatResponse({ content: [], id: "x", metadata: { a: 1 } })).toMatchObject({
      id: "x",
      metadata: { a: 1 },
    });
  });
});
