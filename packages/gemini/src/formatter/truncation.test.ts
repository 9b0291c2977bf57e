import { Msg } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { geminiPath } from "../__fixtures__/wire-fixtures.js";
import { GeminiTokenCounter } from "../token/gemini-token-counter.js";
import { GeminiChatFormatter } from "./gemini-chat-formatter.js";
import { GeminiMultiAgentFormatter } from "./gemini-multi-agent-formatter.js";

const history = [
  new Msg("system", "You are a helpful assistant.", "system"),
  ...Array.from(
    { length: 20 },
    (_, i) =>
      new Msg(
        i % 2 ? "assistant" : "user",
        `message number ${i} `.repeat(10),
        i % 2 ? "assistant" : "user",
      ),
  ),
];

describe("Gemini formatters with a GeminiTokenCounter and maxTokens", () => {
  it("drop the oldest messages until the request fits, keeping the system prompt", async () => {
    const MODEL = "gemini-2.5-flash";
    // countTokens answered as one token per 4 characters of text, as a tokenizer roughly would.
    await using server = await createTestServer({
      [geminiPath(MODEL, "countTokens")]: {
        response: ({ call }) => {
          const text = JSON.stringify(call.body).match(/"text":"(?:[^"\\]|\\.)*"/g) ?? [];
          const chars = text.reduce((sum, t) => sum + t.length - 9, 0);
          return { type: "json", body: { totalTokens: Math.ceil(chars / 4) } };
        },
      },
    });
    const tokenCounter = new GeminiTokenCounter({
      modelName: MODEL,
      apiKey: "k",
      baseURL: server.url,
    });
    for (const formatter of [
      new GeminiChatFormatter({ tokenCounter, maxTokens: 300 }),
      new GeminiMultiAgentFormatter({ tokenCounter, maxTokens: 300 }),
    ]) {
      const out = await formatter.format(history);
      expect(await tokenCounter.count(out)).toBeLessThanOrEqual(300);
      expect(out[0]).toMatchObject({
        role: "user",
        parts: [{ text: "You are a helpful assistant." }],
      });
      expect(JSON.stringify(out)).toContain("message number 19");
      expect(JSON.stringify(out)).not.toContain("message number 0 ");
    }
    expect(server.calls.length).toBeGreaterThan(2);
  });
});
