import { ValidationError } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
// zod 4.1 is the last release without Standard JSON Schema (`~standard.jsonSchema`).
import { z as zod41 } from "zod-4-1";
import { jsonSchemaToGbnf } from "./json-schema-to-gbnf.js";
import { MIN_ZOD_VERSION, structuredModelJsonSchema } from "./structured-model-schema.js";

type TreeNode = { name: string; children: TreeNode[] };
const TreeNodeSchema: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({ name: z.string(), children: z.array(TreeNodeSchema) }),
);

const corpus: Record<string, z.ZodType> = {
  "primitives and checks": z.object({ a: z.string().min(1), n: z.int().max(9), b: z.boolean() }),
  "optional, nullable, default": z.object({
    o: z.string().optional(),
    n: z.number().nullable(),
    d: z.string().default("x"),
  }),
  "enum, literal, array, tuple": z.object({
    e: z.enum(["a", "b"]),
    l: z.literal("cat"),
    arr: z.array(z.string()).max(2),
    t: z.tuple([z.number(), z.string()]),
  }),
  "unions and records": z.object({
    u: z.union([z.string(), z.number()]),
    du: z.discriminatedUnion("k", [
      z.object({ k: z.literal("x"), x: z.string() }),
      z.object({ k: z.literal("y"), y: z.number() }),
    ]),
    r: z.record(z.string(), z.number()),
  }),
  "descriptions and meta": z.object({ a: z.string().describe("A") }).meta({ title: "T" }),
  recursive: z.object({ root: TreeNodeSchema }),
  "default output (io: output)": z.object({ when: z.string().pipe(z.string().min(2)) }),
};

describe("structuredModelJsonSchema (zod-free, through ~standard.jsonSchema)", () => {
  it.each(Object.entries(corpus))("equals z.toJSONSchema(schema, { io: 'output' }): %s", (_, s) => {
    const ours = structuredModelJsonSchema(s);
    const zods = z.toJSONSchema(s, { io: "output" });
    expect(ours).toEqual(zods);
    expect(JSON.stringify(ours)).toBe(JSON.stringify(zods));
    // And the grammar converter takes it.
    expect(jsonSchemaToGbnf(ours)).toBeTypeOf("object");
  });

  it("refuses a schema JSON Schema cannot express, typed", () => {
    const call = () => structuredModelJsonSchema(z.object({ when: z.date() }));
    expect(call).toThrow(ValidationError);
    expect(call).toThrow(/Invalid structuredModel: cannot be converted to JSON Schema/);
  });

  it("names a zod older than 4.2 (no ~standard.jsonSchema) with a hint to upgrade", () => {
    const old = zod41.object({ a: zod41.string() });
    const call = () => structuredModelJsonSchema(old as unknown as z.ZodType);
    expect(call).toThrow(ValidationError);
    expect(call).toThrow(`Upgrade zod to ${MIN_ZOD_VERSION} or later`);
    expect(call).toThrow(/structuredModel: is not a zod 4\.2\.0\+ schema/);
  });
});
