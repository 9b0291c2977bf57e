import { describe, expect, it } from "vitest";
import { parsePartialJson, parseStreamingJsonDict } from "./partial-json.js";

describe("parsePartialJson", () => {
  it.each([
    ['{"city": "Paris"}', { city: "Paris" }],
    ['{"city": "Par', { city: "Par" }],
    ['{"a": [1, 2', { a: [1, 2] }],
    ['{"a": {"b": ', { a: { b: null } }],
    ['{"n": 12', { n: 12 }],
    ['{"ok": tru', { ok: true }],
    ['{"ok": fal', { ok: false }],
    ['{"v": nu', { v: null }],
    ['{"s": "x\\', { s: "x" }],
    ['{"s": "to be, t', { s: "to be, t" }],
    ['{"a": 1, "ke', { a: 1 }],
    ['{"ke', {}],
    ['{"a": ["x", "y', { a: ["x", "y"] }],
    ['{"a": {"b": 1, "c', { a: { b: 1 } }],
  ])("repairs %s", (text, expected) => {
    expect(parsePartialJson(text)).toEqual(expected);
  });

  it.each(["", "   ", "not json", "[1, 2]", '"a string"', "42", '{"a": 1}{'])(
    "returns {} when nothing usable: %j",
    (text) => {
      expect(parsePartialJson(text)).toEqual({});
    },
  );
});

describe("parseStreamingJsonDict", () => {
  it("prefers valid JSON and never lets a repair shrink the previous object", () => {
    const last = { query: "weather in Paris" };
    expect(parseStreamingJsonDict('{"query": "weather in Paris", "', last)).toEqual(last);
    expect(parseStreamingJsonDict('{"query": "x"}', last)).toEqual({ query: "x" });
    expect(parseStreamingJsonDict("", undefined)).toEqual({});
  });
});
