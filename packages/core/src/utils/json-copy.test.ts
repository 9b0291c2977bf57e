import { describe, expect, it } from "vitest";
import { copyJsonValue, MAX_JSON_DEPTH, NOT_JSON, tryCopyJson } from "./json-copy.js";

const deep = (n: number) => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = [v];
  return v;
};

describe("tryCopyJson", () => {
  it("copies what copyJsonValue copies, and returns NOT_JSON wherever it would throw", () => {
    const cycle: Record<string, unknown> = { a: [1] };
    (cycle.a as unknown[]).push(cycle);
    const shared = { s: 1 };
    const values: unknown[] = [
      "s",
      null,
      [1, undefined, { a: undefined, b: "x" }],
      { ["__proto__"]: { p: 1 }, n: [shared, shared] },
      Object.create(null),
      deep(MAX_JSON_DEPTH - 1),
      deep(MAX_JSON_DEPTH),
      cycle,
      { n: 1n },
      { f: () => 1 },
      [Number.POSITIVE_INFINITY],
      { d: new Date(0) },
      {
        get bad(): number {
          throw new Error("no");
        },
      },
    ];
    for (const value of values) {
      let expected: unknown;
      try {
        expected = copyJsonValue(value);
      } catch {
        expected = NOT_JSON;
      }
      const copy = tryCopyJson(value);
      expect(copy).toEqual(expected);
      if (copy !== null && typeof copy === "object") expect(copy).not.toBe(value);
    }
  });

  it("keeps `__proto__` as an own data key and shares no object with the value", () => {
    const value = JSON.parse('{"__proto__": {"x": 1}, "a": {"b": [1]}}');
    const copy = tryCopyJson(value) as Record<string, { b?: number[] }>;
    expect(Object.hasOwn(copy, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(copy.a).not.toBe(value.a);
    expect(copy.a?.b).not.toBe(value.a.b);
  });
});
