import { describe, expect, it } from "vitest";
import { isBadRequest, isToolChoiceRejection } from "./structured-output-fallback.js";

describe("structured-output fallback checks", () => {
  it("recognises a 400 and a refused tool_choice", () => {
    expect(isBadRequest({ status: 400 })).toBe(true);
    expect(isBadRequest({ status: 500 })).toBe(false);
    expect(isBadRequest(null)).toBe(false);
    expect(isToolChoiceRejection(new Error("`tool_choice` is not supported"))).toBe(true);
    expect(isToolChoiceRejection(new Error("bad schema"))).toBe(false);
  });
});
