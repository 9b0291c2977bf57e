import { describe, expect, it } from "vitest";
import { PartialArgsWriter, parseJsonPath } from "./partial-args.js";

function write(pieces: Parameters<PartialArgsWriter["add"]>[0][]): {
  parts: string[];
  text: string;
} {
  const writer = new PartialArgsWriter();
  const parts = [writer.begin(), ...pieces.map((p) => writer.add(p)), writer.end()];
  return { parts, text: parts.join("") };
}

describe("PartialArgsWriter", () => {
  it("streams one string value in pieces, as Gemini sends it", () => {
    const { parts, text } = write([
      { jsonPath: "$.location", stringValue: "Bos", willContinue: true },
      { jsonPath: "$.location", stringValue: 'ton "MA"', willContinue: true },
      { jsonPath: "$.location", stringValue: "" },
    ]);
    expect(JSON.parse(text)).toEqual({ location: 'Boston "MA"' });
    expect(parts).toEqual(["{", '"location":"Bos', 'ton \\"MA\\"', '"', "}"]);
  });

  it("writes several keys, numbers, booleans, null, nested objects and arrays", () => {
    const { text } = write([
      { jsonPath: "$.city", stringValue: "Paris" },
      { jsonPath: "$.days", numberValue: 3 },
      { jsonPath: "$.opts.metric", boolValue: true },
      { jsonPath: "$.opts.lang", stringValue: "fr", willContinue: true },
      { jsonPath: "$.tags[0]", stringValue: "a" },
      { jsonPath: "$.tags[1]", nullValue: null },
      { jsonPath: '$["odd key"]', numberValue: 1.5 },
    ]);
    expect(JSON.parse(text)).toEqual({
      city: "Paris",
      days: 3,
      opts: { metric: true, lang: "fr" },
      tags: ["a", null],
      "odd key": 1.5,
    });
  });

  it("gives {} for a call without arguments and ignores unreadable pieces", () => {
    expect(write([]).text).toBe("{}");
    expect(write([{ jsonPath: "location", stringValue: "x" }, { jsonPath: "$.a" }]).text).toBe(
      "{}",
    );
  });

  it("parses JSON paths", () => {
    expect(parseJsonPath("$.a.b[2]['c.d']")).toEqual(["a", "b", 2, "c.d"]);
    expect(parseJsonPath("$")).toBeUndefined();
    expect(parseJsonPath("a.b")).toBeUndefined();
  });
});
