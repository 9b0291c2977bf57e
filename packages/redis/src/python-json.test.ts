import { describe, expect, it } from "vitest";
import { pythonJsonDumps } from "./python-json.js";

describe("pythonJsonDumps", () => {
  it("writes what Python's json.dumps(ensure_ascii=False) writes", () => {
    // Expected strings were produced by CPython 3.12: json.dumps(v, ensure_ascii=False)
    expect(pythonJsonDumps({ a: 1, b: [true, null, 2.5], c: { d: "é✓" } })).toBe(
      '{"a": 1, "b": [true, null, 2.5], "c": {"d": "é✓"}}',
    );
    expect(pythonJsonDumps('quote " back \\ nl \n tab \t ctl \u0001')).toBe(
      '"quote \\" back \\\\ nl \\n tab \\t ctl \\u0001"',
    );
    expect(pythonJsonDumps([])).toBe("[]");
    expect(pythonJsonDumps({})).toBe("{}");
    expect(pythonJsonDumps({ skip: undefined, keep: 0 })).toBe('{"keep": 0}');
  });

  it("parses back to the same value", () => {
    const value = { nested: [{ x: [1, [2, { y: "z" }]] }], s: "日本語" };
    expect(JSON.parse(pythonJsonDumps(value))).toEqual(value);
  });
});
