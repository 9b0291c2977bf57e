import { describe, expect, it } from "vitest";
import { validateJsonSchema } from "./json-schema-validator.js";

const schema = {
  type: "object",
  properties: {
    name: { type: "string", minLength: 1 },
    count: { type: "integer", minimum: 0, maximum: 10 },
    ratio: { type: "number" },
    tags: { type: "array", items: { type: "string" }, maxItems: 2 },
    mode: { enum: ["a", "b"] },
    nested: {
      type: "object",
      properties: { flag: { type: "boolean" } },
      required: ["flag"],
      additionalProperties: false,
    },
    maybe: { anyOf: [{ type: "string" }, { type: "null" }] },
    ref: { $ref: "#/$defs/Point" },
  },
  required: ["name"],
  $defs: {
    Point: {
      type: "object",
      properties: { x: { type: "number" } },
      required: ["x"],
    },
  },
};

describe("validateJsonSchema", () => {
  it("accepts a valid value", () => {
    expect(
      validateJsonSchema(schema, {
        name: "n",
        count: 3,
        ratio: 0.5,
        tags: ["a"],
        mode: "b",
        nested: { flag: true },
        maybe: null,
        ref: { x: 1 },
        extra: "allowed: no additionalProperties at the top",
      }),
    ).toEqual([]);
  });

  it("names every bad field by path", () => {
    const issues = validateJsonSchema(schema, {
      count: 1.5,
      ratio: "x",
      tags: ["a", 2, "c"],
      mode: "z",
      nested: { other: 1 },
      maybe: 3,
      ref: {},
    });
    expect(issues).toEqual([
      { path: "name", message: "required" },
      { path: "count", message: "expected integer, received number" },
      { path: "ratio", message: "expected number, received string" },
      { path: "tags", message: "Array has too many items (3 > 2)" },
      { path: "tags[1]", message: "expected string, received integer" },
      { path: "mode", message: 'expected one of "a", "b", received "z"' },
      { path: "nested.flag", message: "required" },
      { path: "nested.other", message: "unexpected property" },
      { path: "maybe", message: "expected string or null, received integer" },
      { path: "ref.x", message: "required" },
    ]);
  });

  it("counts string lengths in code points", () => {
    expect(validateJsonSchema({ type: "string", maxLength: 2 }, "😀😀")).toEqual([]);
    expect(validateJsonSchema({ type: "string", maxLength: 2 }, "😀😀😀")).toHaveLength(1);
  });

  it("checks format, if/then/else, dependentRequired, minProperties and contains", () => {
    expect(validateJsonSchema({ type: "string", format: "email" }, "not-mail")[0]?.message).toMatch(
      /format "email"/,
    );
    expect(
      validateJsonSchema({ type: "string", format: "date-time" }, "2024-01-02T03:04:05Z"),
    ).toEqual([]);
    const conditional = {
      type: "object",
      if: { properties: { kind: { const: "file" } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else keyword.
      then: { required: ["path"] },
      else: { required: ["url"] },
    };
    expect(validateJsonSchema(conditional, { kind: "file" })).toEqual([
      { path: "path", message: "required" },
    ]);
    expect(validateJsonSchema(conditional, { kind: "web" })).toEqual([
      { path: "url", message: "required" },
    ]);
    expect(
      validateJsonSchema({ type: "object", dependentRequired: { card: ["cvv"] } }, { card: "1" }),
    ).toHaveLength(1);
    expect(validateJsonSchema({ type: "object", minProperties: 1 }, {})).toHaveLength(1);
    expect(
      validateJsonSchema({ type: "array", contains: { type: "number" } }, ["a", "b"]),
    ).toHaveLength(1);
    expect(validateJsonSchema({ type: "array", contains: { type: "number" } }, ["a", 1])).toEqual(
      [],
    );
  });

  it("checks bounds, type lists, const, oneOf, allOf and not", () => {
    expect(validateJsonSchema({ type: "integer", minimum: 0 }, -1)).toHaveLength(1);
    expect(validateJsonSchema({ type: ["string", "null"] }, null)).toEqual([]);
    expect(validateJsonSchema({ type: ["string", "null"] }, 1)[0]?.message).toBe(
      "expected string or null, received integer",
    );
    expect(validateJsonSchema({ const: "x" }, "y")).toHaveLength(1);
    expect(
      validateJsonSchema({ oneOf: [{ type: "number" }, { type: "integer" }] }, 1)[0]?.message,
    ).toMatch(/more than one/);
    expect(
      validateJsonSchema({ allOf: [{ type: "string" }, { minLength: 3 }] }, "ab")[0]?.message,
    ).toMatch(/too short/);
    expect(validateJsonSchema({ not: { type: "string" } }, "s")).toHaveLength(1);
    expect(validateJsonSchema({ type: "string", pattern: "^a" }, "ba")).toHaveLength(1);
  });

  it("reports the deepest failing branch of a union of objects", () => {
    const union = {
      anyOf: [
        {
          type: "object",
          properties: { kind: { const: "a" }, a: { type: "string" } },
          required: ["kind", "a"],
        },
        { type: "null" },
      ],
    };
    expect(validateJsonSchema(union, { kind: "a" })).toEqual([{ path: "a", message: "required" }]);
  });

  it("validates tuples and additionalProperties schemas", () => {
    expect(
      validateJsonSchema({ type: "array", prefixItems: [{ type: "string" }, { type: "number" }] }, [
        "a",
        "b",
      ]),
    ).toEqual([{ path: "[1]", message: "expected number, received string" }]);
    expect(
      validateJsonSchema({ type: "object", additionalProperties: { type: "number" } }, { k: "v" }),
    ).toEqual([{ path: "k", message: "expected number, received string" }]);
  });
});
