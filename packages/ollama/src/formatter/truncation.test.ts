import { CharTokenCounter, Msg } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { OllamaChatFormatter } from "./ollama-chat-formatter.js";
import { OllamaMultiAgentFormatter } from "./ollama-multi-agent-formatter.js";

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

describe("Ollama formatters with tokenCounter and maxTokens", () => {
  it("drop the oldest messages until the request fits, keeping the system prompt", async () => {
    const tokenCounter = new CharTokenCounter();
    const budget = 1500;
    const whole = await tokenCounter.count(await new OllamaChatFormatter().format(history));
    expect(whole).toBeGreaterThan(budget);
    for (const formatter of [
      new OllamaChatFormatter({ tokenCounter, maxTokens: budget }),
      new OllamaMultiAgentFormatter({ tokenCounter, maxTokens: budget }),
    ]) {
      const out = await formatter.format(history);
      expect(await tokenCounter.count(out)).toBeLessThanOrEqual(budget);
      expect(out[0]).toEqual({ role: "system", content: "You are a helpful assistant." });
      expect(JSON.stringify(out)).toContain("message number 19");
      expect(JSON.stringify(out)).not.toContain("message number 0 ");
    }
  });
});
