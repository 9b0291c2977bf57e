import { Msg } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { OpenAITokenCounter } from "../token/openai-token-counter.js";
import { OpenAIChatFormatter } from "./openai-chat-formatter.js";
import { OpenAIMultiAgentFormatter } from "./openai-multi-agent-formatter.js";

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

describe("OpenAI formatters with tokenCounter and maxTokens", () => {
  it("drop the oldest messages until the request fits, keeping the system prompt", async () => {
    const tokenCounter = new OpenAITokenCounter({ modelName: "gpt-4o" });
    for (const formatter of [
      new OpenAIChatFormatter({ tokenCounter, maxTokens: 300 }),
      new OpenAIMultiAgentFormatter({ tokenCounter, maxTokens: 300 }),
    ]) {
      const out = await formatter.format(history);
      expect(await tokenCounter.count(out)).toBeLessThanOrEqual(300);
      expect(out[0]).toMatchObject({ role: "system" });
      expect(JSON.stringify(out)).toContain("message number 19");
      expect(JSON.stringify(out)).not.toContain("message number 0 ");
    }
  });
});
