import { describe, expect, it } from "vitest";
import { pythonFloat } from "./python-float.js";

describe("pythonFloat", () => {
  it("prints numbers as Python's repr(float) does", () => {
    // Expected strings printed by CPython 3.11: repr(v) for each value.
    const cases: [number, string][] = [
      [1, "1.0"],
      [0.5, "0.5"],
      [0.1, "0.1"],
      [1e-5, "1e-05"],
      [0.0001, "0.0001"],
      [1.5e-7, "1.5e-07"],
      [1e16, "1e+16"],
      [1.2345e17, "1.2345e+17"],
      [123456789012345, "123456789012345.0"],
      [-0.25, "-0.25"],
      [0.8660254037844387, "0.8660254037844387"],
      [100, "100.0"],
      [-3e-10, "-3e-10"],
      [2.5e-5, "2.5e-05"],
      [0, "0.0"],
    ];
    for (const [value, text] of cases) expect(pythonFloat(value)).toBe(text);
  });
});
