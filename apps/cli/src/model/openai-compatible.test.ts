import { describe, expect, it } from "vitest";
import type { ModelChoice } from "./model-choice.js";
import { DEFAULT_REMOTE_MODEL_TIMEOUT_MS, loadOpenAICompatible } from "./openai-compatible.js";
import { findProvider } from "./providers.js";

function choice(): ModelChoice {
  const provider = findProvider("openai");
  if (!provider) throw new Error("no openai provider");
  return {
    provider,
    modelName: "gpt-test",
    apiKey: "test",
    baseURL: "http://127.0.0.1:1/v1",
    reason: "test",
  };
}

const settings = { stderr: { write: () => true }, env: {} };

describe("loadOpenAICompatible", () => {
  it("gives the model the CLI's timeout: 120 s by default, --model-timeout when set", async () => {
    expect(DEFAULT_REMOTE_MODEL_TIMEOUT_MS).toBe(120_000);
    expect((await loadOpenAICompatible(choice(), settings)).model.timeout).toBe(120_000);
    expect(
      (await loadOpenAICompatible(choice(), { ...settings, timeoutMs: 5000 })).model.timeout,
    ).toBe(5000);
  });
});
