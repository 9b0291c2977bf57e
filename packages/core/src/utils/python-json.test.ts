import { describe, expect, it } from "vitest";
import { pythonJsonDumps } from "./python-json.js";

describe("pythonJsonDumps", () => {
  it("writes Python's separators and keeps non-ASCII text", () => {
    expect(pythonJsonDumps({ a: 1, b: [true, null, "é"], c: undefined })).toBe(
      '{"a": 1, "b": [true, null, "é"]}',
    );
  });

  it("spells floats as Python does", () => {
    expect(pythonJsonDumps([1e-7, 1.5e-7, 1e16, 1e21, 0.1, Number.NaN, -Infinity])).toBe(
      "[1e-07, 1.5e-07, 10000000000000000, 1e+21, 0.1, NaN, -Infinity]",
    );
  });
});
