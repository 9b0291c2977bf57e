import { describe, expect, it, vi } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import { resolveThinking, resolveThinkingOrAlias, unsupportedThinking } from "./thinking.js";

describe("resolveThinking", () => {
  it("resolves booleans and settings", () => {
    expect(resolveThinking("M", undefined)).toBeUndefined();
    expect(resolveThinking("M", true)).toEqual({ enabled: true });
    expect(resolveThinking("M", false)).toEqual({ enabled: false });
    expect(resolveThinking("M", { budgetTokens: 1024 })).toEqual({
      enabled: true,
      budgetTokens: 1024,
    });
    expect(resolveThinking("M", { effort: "high" })).toEqual({ enabled: true, effort: "high" });
  });

  it("rejects bad values with a ValidationError naming the field", () => {
    expect(() => resolveThinking("M", "yes")).toThrow(ValidationError);
    expect(() => resolveThinking("M", { budgetTokens: -1 })).toThrow(/thinking\.budgetTokens/);
    expect(() => resolveThinking("M", { effort: 3 })).toThrow(/thinking\.effort/);
    expect(() => resolveThinking("M", { budget_tokens: 5 })).toThrow(
      /thinking\.budget_tokens: unknown setting/,
    );
  });

  it("names an unsupported setting and its fix", () => {
    expect(unsupportedThinking("OllamaChatModel", "budgetTokens", "Use effort.").message).toContain(
      "thinking.budgetTokens: OllamaChatModel has no such setting. Use effort.",
    );
  });
});

describe("resolveThinkingOrAlias", () => {
  it("reads thinking, else the deprecated alias with one warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(resolveThinkingOrAlias("T", { thinking: { effort: "low" } }, "enableThinking")).toEqual({
      enabled: true,
      effort: "low",
    });
    expect(resolveThinkingOrAlias("T", { enableThinking: false }, "enableThinking")).toEqual({
      enabled: false,
    });
    resolveThinkingOrAlias("T", { enableThinking: true }, "enableThinking");
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
