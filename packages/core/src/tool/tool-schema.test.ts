import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ValidationError } from "../errors/validation-error.js";
import { tool } from "./define-tool.js";
import {
  hidePresetArguments,
  isZodSchema,
  toParametersSchema,
  zodToJsonSchema,
} from "./tool-schema.js";

describe("toParametersSchema", () => {
  it("converts zod to JSON Schema with descriptions, defaults and optional fields", () => {
    const schema = toParametersSchema(
      z
        .object({
          command: z.string().describe("The shell command to execute."),
          timeout: z.number().int().default(300).describe("Seconds."),
          mode: z.enum(["fast", "slow"]).optional(),
        })
        .describe("Object description, which belongs to the tool"),
      "test",
    );
    expect(schema).toEqual({
      type: "object",
      properties: {
        command: { type: "string", description: "The shell command to execute." },
        timeout: { type: "integer", default: 300, description: "Seconds." },
        mode: { type: "string", enum: ["fast", "slow"] },
      },
      required: ["command"],
    });
  });

  it("copies a JSON Schema and adds missing properties", () => {
    const input = { type: "object" };
    const schema = toParametersSchema(input, "test");
    expect(schema).toEqual({ type: "object", properties: {} });
    expect(input).toEqual({ type: "object" });
  });

  it("rejects a schema that is not an object, naming the tool", () => {
    expect(() => toParametersSchema(z.array(z.string()), "tool definition 'x'")).toThrow(
      /Invalid tool definition 'x': parameters: must describe an object/,
    );
    expect(() => toParametersSchema("nope", "t")).toThrow(ValidationError);
    expect(() => toParametersSchema(z.object({ when: z.date() }), "t")).toThrow(
      /cannot be converted to JSON Schema/,
    );
  });
});

describe("hidePresetArguments", () => {
  it("removes presets from properties and required, dropping an empty required", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "number" } },
      required: ["a"],
    };
    expect(hidePresetArguments(schema, ["a"])).toEqual({
      type: "object",
      properties: { b: { type: "number" } },
    });
    expect(schema.properties).toHaveProperty("a");
  });

  it("keeps the order of the schema's keys and of the remaining properties", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "number" }, c: { type: "string" } },
      required: ["a", "c"],
      additionalProperties: false,
    };
    const hidden = hidePresetArguments(schema, ["b"]);
    expect(JSON.stringify(hidden)).toBe(
      '{"type":"object","properties":{"a":{"type":"string"},"c":{"type":"string"}},"required":["a","c"],"additionalProperties":false}',
    );
    expect(schema.required).toEqual(["a", "c"]);
  });
});

describe("tool()", () => {
  it("types the input from the zod schema and checks the definition at once", () => {
    const add = tool({
      name: "add",
      description: "Add.",
      parameters: z.object({ a: z.number(), b: z.number().default(1) }),
      execute: ({ a, b }) => String(a + b),
    });
    expect(isZodSchema(add.parameters)).toBe(true);
    expect(
      add.execute({ a: 1, b: 2 }, { signal: new AbortController().signal, toolCallId: "x" }),
    ).toBe("3");
    expect(() =>
      tool({ name: "", description: "d", parameters: z.object({}), execute: () => "" }),
    ).toThrow(/is not a valid tool name/);
    expect(() =>
      tool({ name: "ok", description: "d", parameters: { type: "string" }, execute: () => "" }),
    ).toThrow(/must describe an object/);
  });
});

describe("zodToJsonSchema (Standard JSON Schema, no zod namespace at run time)", () => {
  const e = z.enum(["a", "b"]);
  const CORPUS: [string, z.ZodType][] = [
    ["flat", z.object({ s: z.string(), n: z.number(), b: z.boolean() })],
    [
      "described and defaulted",
      z
        .object({
          q: z.string().describe("the query"),
          limit: z.int().positive().default(5).describe("how many"),
          t: z.number().min(0).max(1).optional(),
        })
        .describe("top"),
    ],
    [
      "nested",
      z.object({
        list: z.array(z.object({ id: z.string(), tags: z.array(z.string()).max(3) })),
        map: z.record(z.string(), z.number()),
        nullable: z.string().nullable().default(null),
        nullish: z.string().nullish(),
      }),
    ],
    [
      "unions, enums, literals",
      z.object({
        kind: e,
        lit: z.literal("x"),
        either: z.union([z.string(), z.number()]),
        tagged: z.discriminatedUnion("type", [
          z.object({ type: z.literal("a"), a: z.string() }),
          z.object({ type: z.literal("b"), b: z.int() }),
        ]),
      }),
    ],
    [
      "strings and tuples",
      z.object({
        email: z.email(),
        pat: z.string().regex(/^[a-z]+$/),
        len: z.string().min(2).max(5),
        pair: z.tuple([z.number(), z.number()]),
        fixed: z.array(z.int()).length(2),
      }),
    ],
    ["strict and loose", z.object({ a: z.strictObject({ x: z.string() }), b: z.looseObject({}) })],
    ["shared sub-schema", z.object({ first: e, second: e, nested: z.object({ third: e }) })],
    ["empty", z.object({})],
  ];

  for (const [label, schema] of CORPUS) {
    it(`gives what z.toJSONSchema(schema, { io: "input" }) gives: ${label}`, () => {
      expect(JSON.stringify(zodToJsonSchema(schema, "t", "parameters"))).toBe(
        JSON.stringify(z.toJSONSchema(schema, { io: "input" })),
      );
    });
  }

  it("converts the output side when asked", () => {
    const schema = z.object({ n: z.int().default(3) });
    expect(zodToJsonSchema(schema, "t", "f", "output")).toEqual(
      z.toJSONSchema(schema, { io: "output" }),
    );
  });

  it("names the field and says to upgrade when the zod schema predates Standard JSON Schema", () => {
    // What a zod 4.0/4.1 schema looks like to core: `_zod` and `~standard` without `jsonSchema`.
    const old = { _zod: {}, "~standard": { version: 1, vendor: "zod", validate: () => ({}) } };
    let error: unknown;
    try {
      toParametersSchema(old, "tool definition 'old'");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      {
        path: "parameters",
        message:
          "is a zod schema without Standard JSON Schema support (zod before 4.2, or zod/mini)",
      },
    ]);
    expect((error as ValidationError).message).toMatch(/Upgrade zod to 4\.2 or later/);
  });

  it("refuses a zod/mini schema the same way (it has no Standard JSON Schema converter)", async () => {
    const mini = await import("zod/mini");
    expect(() => toParametersSchema(mini.object({ a: mini.string() }), "t")).toThrow(
      /without Standard JSON Schema support[\s\S]*toJSONSchema\(schema\)/,
    );
  });
});
