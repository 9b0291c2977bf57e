import { describe, expect, it } from "vitest";
import { modelTimeoutMs } from "./model-timeout.js";

describe("modelTimeoutMs", () => {
  it("takes --model-timeout, else a bounded default per provider (none in-process)", () => {
    expect(modelTimeoutMs("openai", 5)).toBe(5000);
    expect(modelTimeoutMs("llama-cpp", 30)).toBe(30_000);
    for (const id of ["openai", "anthropic", "gemini", "dashscope"]) {
      expect(modelTimeoutMs(id, undefined)).toBe(120_000);
    }
    expect(modelTimeoutMs("ollama", undefined)).toBe(600_000);
    expect(modelTimeoutMs("llama-cpp", undefined)).toBeUndefined();
  });
});
