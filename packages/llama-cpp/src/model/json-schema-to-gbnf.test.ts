import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dropOptionalNulls, jsonSchemaToGbnf } from "./json-schema-to-gbnf.js";

describe("jsonSchemaToGbnf", () => {
  it("keeps a $ref into $defs and makes any other ref accept any JSON", () => {
    expect(jsonSchemaToGbnf({ $ref: "#/definitions/Item" })).toEqual({ $ref: "#/$defs/Item" });
    const other = jsonSchemaToGbnf({ $ref: "#/properties/a" });
    expect("$ref" in other).toBe(false);
    expect(other).toEqual(jsonSchemaToGbnf({}));
  });

  it("keeps what the grammar enforces and drops the rest", () => {
    expect(
      jsonSchemaToGbnf({
        type: "object",
        description: "input",
        properties: {
          city: { type: "string", description: "City", maxLength: 20, pattern: "^[A-Z]" },
          days: { type: "integer", minimum: 1, default: 3 },
          when: { type: "string", format: "date" },
          mode: { enum: ["a", "b"] },
          tags: { type: "array", items: { type: "string" }, maxItems: 3 },
        },
        required: ["city", "days", "when", "mode", "tags"],
        additionalProperties: false,
      }),
    ).toEqual({
      type: "object",
      description: "input",
      properties: {
        city: { type: "string", maxLength: 20, description: "City" },
        days: { type: "integer" },
        when: { type: "string", format: "date" },
        mode: { enum: ["a", "b"] },
        tags: { type: "array", items: { type: "string" }, maxItems: 3 },
      },
    });
  });

  it("makes optional properties nullable and turns anyOf, type lists and $defs into the subset", () => {
    const converted = jsonSchemaToGbnf({
      type: "object",
      properties: {
        a: { anyOf: [{ type: "string" }, { type: "number" }] },
        b: { type: ["string", "null"] },
        c: { $ref: "#/definitions/Item" },
        d: { type: ["object", "null"], properties: {} },
      },
      required: ["a"],
      definitions: { Item: { type: "boolean" } },
    });
    expect(converted).toEqual({
      type: "object",
      properties: {
        a: { oneOf: [{ type: "string" }, { type: "number" }] },
        b: { type: ["string", "null"] },
        c: { oneOf: [{ $ref: "#/$defs/Item" }, { type: "null" }] },
        d: {
          oneOf: [{ type: "object", properties: {}, additionalProperties: true }, { type: "null" }],
        },
      },
      $defs: { Item: { type: "boolean" } },
    });
  });

  it("accepts any JSON where the schema says nothing", () => {
    const any = jsonSchemaToGbnf({});
    expect(any).toHaveProperty("oneOf");
    expect(jsonSchemaToGbnf({ type: "object", properties: { x: {} }, required: ["x"] })).toEqual({
      type: "object",
      properties: { x: any },
    });
  });

  it("converts zod's JSON Schema", () => {
    const schema = z.toJSONSchema(
      z.object({ name: z.string(), age: z.number().optional(), kind: z.literal("cat") }),
    );
    expect(jsonSchemaToGbnf(schema)).toEqual({
      type: "object",
      properties: {
        name: { type: "string" },
        age: { oneOf: [{ type: "number" }, { type: "null" }] },
        kind: { const: "cat" },
      },
    });
  });
});

describe("dropOptionalNulls", () => {
  const schema = {
    type: "object",
    properties: {
      a: { type: "string" },
      b: { type: ["string", "null"] },
      inner: {
        type: "array",
        items: { type: "object", properties: { x: { type: "number" } } },
      },
      ref: { $ref: "#/$defs/R" },
    },
    required: ["a"],
    $defs: { R: { type: "object", properties: { y: { type: "string" } } } },
  };

  it("removes nulls of optional properties that do not allow null, deeply", () => {
    expect(
      dropOptionalNulls(
        { a: null, b: null, inner: [{ x: null }, { x: 1 }], ref: { y: null } },
        schema,
      ),
    ).toEqual({ a: null, b: null, inner: [{}, { x: 1 }], ref: {} });
  });

  it("leaves other values alone", () => {
    expect(dropOptionalNulls("x", schema)).toBe("x");
    expect(dropOptionalNulls({ a: "1" }, undefined)).toEqual({ a: "1" });
  });
});
