import { describe, expect, it } from "vitest";
import { closest, editDistance } from "./did-you-mean.js";

describe("closest", () => {
  it("finds the flag a typo meant", () => {
    const flags = ["--model", "--session", "--mcp-config", "--yes"];
    expect(closest("--modle", flags)).toBe("--model");
    expect(closest("--sesion", flags)).toBe("--session");
    expect(closest("--mcp-confg", flags)).toBe("--mcp-config");
  });

  it("suggests nothing for a word that is not close to any candidate", () => {
    expect(closest("--banana", ["--model", "--yes"])).toBeUndefined();
    expect(closest("/xyz", ["/help", "/exit"])).toBeUndefined();
  });

  it("counts insertions, deletions and substitutions", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("same", "same")).toBe(0);
  });
});
