import { describe, expect, it } from "vitest";
import { lastSentenceEnd } from "./sentence-boundary.js";

describe("lastSentenceEnd", () => {
  it("ends a sentence at . ! ? once whitespace follows, not inside numbers or at the stream's edge", () => {
    expect(lastSentenceEnd("It is 3.14 now")).toBe(-1);
    expect(lastSentenceEnd("Done.")).toBe(-1);
    expect(lastSentenceEnd("Done. Next")).toBe(6);
    expect(lastSentenceEnd("Really?! Yes. More")).toBe(14);
    expect(lastSentenceEnd('He said "go." Then')).toBe(14);
  });

  it("ends at CJK punctuation and line breaks at once, and searches from an offset", () => {
    expect(lastSentenceEnd("你好。我")).toBe(3);
    expect(lastSentenceEnd("line one\nline")).toBe(9);
    expect(lastSentenceEnd("A. B. C", 3)).toBe(6);
    expect(lastSentenceEnd("A. B", 3)).toBe(-1);
  });
});
