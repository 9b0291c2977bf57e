import { ValidationError } from "@agentscope-ts/core";
// The SDK's zod helper is the reference our zod-free conversion must match (tests only: it
// imports all of zod at load, which is what src avoids).
import { zodResponseFormat, zodTextFormat } from "openai/helpers/zod";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
// zod 4.1 is the last release without Standard JSON Schema (`~standard.jsonSchema`).
import { z as zod41 } from "zod-4-1";
// zod 4.2.0, the floor of our peer range: the first release with Standard JSON Schema.
import { z as zod42 } from "zod-4-2";
import { textFormatFor } from "./responses-request.js";
import {
  fitsSchema,
  responseFormatFor,
  structuredModelName,
  structuredOutputTool,
} from "./structured-output.js";
import {
  loadStrictJsonSchema,
  MIN_ZOD_VERSION,
  zodJsonSchema,
} from "./structured-output-schema.js";

// The SDK's strict-schema transform loads on first use (the models await it themselves).
beforeAll(() => loadStrictJsonSchema());

type TreeNode = { name: string; children: TreeNode[] };
const TreeNodeSchema: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({ name: z.string(), children: z.array(TreeNodeSchema) }),
);
const Category = z.object({
  name: z.string(),
  get subcategories() {
    return z.array(Category);
  },
});
const Point = z.object({ x: z.number(), y: z.number() });

/** Schemas OpenAI's strict mode accepts: ours must send exactly what `zodResponseFormat` sends. */
const accepted: Record<string, z.ZodType> = {
  "flat primitives": z.object({ city: z.string(), temperature: z.number(), sunny: z.boolean() }),
  "nested objects": z.object({
    user: z.object({
      name: z.string(),
      address: z.object({ street: z.string(), zip: z.string() }),
    }),
  }),
  nullable: z.object({ name: z.string(), age: z.number().nullable() }),
  "optional and nullable": z.object({ name: z.string(), nickname: z.string().nullish() }),
  defaults: z.object({ unit: z.string().default("celsius"), days: z.number().default(3) }),
  enums: z.object({ color: z.enum(["red", "green", "blue"]), size: z.enum({ S: "s", L: "l" }) }),
  literals: z.object({ kind: z.literal("weather"), mode: z.literal(["a", "b"]) }),
  arrays: z.object({ tags: z.array(z.string()).min(1).max(5), grid: z.array(z.array(z.number())) }),
  "discriminated union": z.object({
    shape: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("circle"), radius: z.number() }),
      z.object({ kind: z.literal("square"), side: z.number() }),
    ]),
  }),
  "plain union": z.object({
    value: z.union([z.string(), z.number(), z.object({ a: z.string() })]),
  }),
  descriptions: z
    .object({
      city: z.string().describe("The city name"),
      temperature: z.number().describe("Degrees Celsius"),
    })
    .describe("The weather report"),
  "meta title": z.object({ answer: z.string() }).meta({ title: "Final Answer", description: "d" }),
  "recursive z.lazy": z.object({ root: TreeNodeSchema }),
  "recursive getter": Category,
  "reused sub-schema": z.object({ from: Point, to: Point }),
  "reused sub-schema with meta id": (() => {
    const P = Point.meta({ id: "Point" });
    return z.object({ from: P, to: P });
  })(),
  "intersection of objects": z.intersection(
    z.object({ a: z.string() }),
    z.object({ b: z.number() }),
  ),
  "string and number checks": z.object({
    id: z.uuid(),
    email: z.email(),
    code: z.string().regex(/^[A-Z]{3}$/),
    count: z.int().min(0).max(100),
  }),
  "pipe between strings": z.object({ contact: z.string().pipe(z.email()) }),
  "any and unknown": z.object({ extra: z.any(), raw: z.unknown() }),
  "array of objects with optional fields": z.object({
    items: z.array(z.object({ sku: z.string(), qty: z.number().optional().nullable() })),
  }),
};

/** Schemas the SDK refuses: ours must refuse them too, as a `ValidationError`. */
const rejected: Record<string, z.ZodType> = {
  "optional without nullable": z.object({ name: z.string(), nickname: z.string().optional() }),
  tuple: z.object({ point: z.tuple([z.number(), z.string()]) }),
  record: z.object({ scores: z.record(z.string(), z.number()) }),
  "exclusive union (z.xor)": z.object({ v: z.xor([z.string(), z.number()]) }),
  "non-object root": z.string(),
  transform: z.object({ length: z.string().transform((s) => s.length) }),
  date: z.object({ when: z.date() }),
  bigint: z.object({ big: z.bigint() }),
  set: z.object({ tags: z.set(z.string()) }),
  map: z.object({ index: z.map(z.string(), z.number()) }),
  "catchall object": z.object({ a: z.string() }).catchall(z.number()),
  "loose object": z.looseObject({ a: z.string() }),
  "__proto__ property": z.object(
    Object.defineProperty({ a: z.string() }, "__proto__", {
      value: z.string(),
      enumerable: true,
      configurable: true,
      writable: true,
    }) as Record<string, z.ZodString>,
  ),
};

/** What the SDK sends for `schema`, as our functions shape it. */
function sdkResponseFormat(schema: z.ZodType): Record<string, unknown> {
  const format = zodResponseFormat(schema, structuredModelName(schema));
  return { type: format.type, json_schema: { ...format.json_schema } };
}

function sdkRefusal(schema: z.ZodType): Error | undefined {
  try {
    zodResponseFormat(schema, "structured_output");
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

describe("responseFormatFor (zod-free, through ~standard.jsonSchema)", () => {
  it.each(Object.entries(accepted))("sends what zodResponseFormat sends: %s", (_, schema) => {
    const ours = responseFormatFor(schema);
    const sdk = sdkResponseFormat(schema);
    expect(ours).toEqual(sdk);
    // Byte-identical on the wire, key order included.
    expect(JSON.stringify(ours)).toBe(JSON.stringify(sdk));
  });

  it("covers a corpus of at least 15 accepted schemas and keeps the strict form", () => {
    expect(Object.keys(accepted).length).toBeGreaterThanOrEqual(15);
    const format = responseFormatFor(accepted["optional and nullable"] as z.ZodType) as {
      json_schema: { schema: Record<string, unknown>; strict: boolean };
    };
    expect(format.json_schema.strict).toBe(true);
    // Strict mode: every property required (optional ones must be nullable), no extra properties.
    expect(format.json_schema.schema).toMatchObject({
      type: "object",
      required: ["name", "nickname"],
      additionalProperties: false,
      properties: { nickname: { type: ["string", "null"] } },
    });
  });

  it("turns a discriminated union's oneOf into anyOf, as the SDK does", () => {
    const format = responseFormatFor(accepted["discriminated union"] as z.ZodType);
    const schema = format.json_schema.schema as { properties: { shape: Record<string, unknown> } };
    const shape = schema.properties.shape;
    expect(shape.oneOf).toBeUndefined();
    expect(shape.anyOf).toHaveLength(2);
  });

  it.each(Object.entries(rejected))("refuses what the SDK refuses, typed: %s", (_, schema) => {
    const sdkError = sdkRefusal(schema);
    expect(sdkError).toBeInstanceOf(Error);
    let ours: unknown;
    try {
      responseFormatFor(schema);
    } catch (error) {
      ours = error;
    }
    expect(ours).toBeInstanceOf(ValidationError);
    const error = ours as ValidationError;
    expect(error.message).toContain("Invalid structuredModel");
    expect(error.issues[0]?.message).toContain("cannot be sent as OpenAI's strict JSON schema");
    expect(error.cause).toBeInstanceOf(Error);
    // The reason is the SDK's own (same strict transform, same zod converter), except for
    // `__proto__`, which our override words itself.
    const reason = schema === rejected["__proto__ property"] ? "__proto__" : sdkError?.message;
    expect(error.message).toContain(reason);
  });

  it("names a zod older than 4.2 (no ~standard.jsonSchema) with a hint to upgrade", () => {
    const old = zod41.object({ city: zod41.string() });
    expect((old["~standard"] as { jsonSchema?: unknown }).jsonSchema).toBeUndefined();
    let error: unknown;
    try {
      responseFormatFor(old as unknown as z.ZodType);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toContain("structuredModel");
    expect((error as Error).message).toContain("~standard.jsonSchema.output");
    expect((error as Error).message).toContain(`Upgrade zod to ${MIN_ZOD_VERSION} or later`);
  });

  it("works with zod 4.2.0, the floor of the peer range (the override reaches zod there too)", () => {
    // The same schemas in both versions: zod 4.2 orders some keys differently, so this compares
    // as objects; the discriminated union only passes if `libraryOptions.override` is honoured.
    const build = (v: typeof z) => ({
      flat: v.object({ a: v.string().describe("A"), n: v.int().min(0) }).meta({ title: "Flat" }),
      union: v.object({ u: v.union([v.string(), v.array(v.number())]), e: v.enum(["x", "y"]) }),
      discriminated: v.object({
        s: v.discriminatedUnion("k", [
          v.object({ k: v.literal("a"), x: v.string() }),
          v.object({ k: v.literal("b"), y: v.number() }),
        ]),
      }),
      reused: (() => {
        const P = v.object({ x: v.number() });
        return v.object({ a: P, b: P });
      })(),
    });
    const current = build(z);
    const floor = build(zod42 as unknown as typeof z);
    for (const key of Object.keys(current) as (keyof typeof current)[]) {
      expect(responseFormatFor(floor[key] as z.ZodType)).toEqual(sdkResponseFormat(current[key]));
    }
    expect(() => responseFormatFor(zod42.object({ d: zod42.date() }) as never)).toThrow(
      ValidationError,
    );
  });

  it("refuses a value that is not a schema at all, typed", () => {
    expect(() => responseFormatFor({} as z.ZodType)).toThrow(ValidationError);
    expect(() =>
      zodJsonSchema(null as unknown as z.ZodType, {
        io: "input",
        target: "draft-2020-12",
        field: "parameters",
      }),
    ).toThrow(/Invalid parameters: is not a zod 4\.2\.0\+ schema/);
  });
});

describe("textFormatFor", () => {
  it.each(Object.entries(accepted).slice(0, 8))(
    "sends what zodTextFormat sends (Responses API): %s",
    (_, schema) => {
      const format = zodTextFormat(schema, structuredModelName(schema));
      const sdk = { format: { ...format } };
      expect(JSON.stringify(textFormatFor(schema))).toBe(JSON.stringify(sdk));
    },
  );
});

describe("structuredModelName", () => {
  it("reads .meta({ title }) or .meta({ id }) through the schema, made API-safe", () => {
    expect(structuredModelName(z.object({}).meta({ title: "Final Answer!" }))).toBe(
      "Final_Answer_",
    );
    expect(structuredModelName(z.object({}).meta({ id: "weather.v2" }))).toBe("weather_v2");
    expect(structuredModelName(z.object({}).meta({ title: "T", id: "I" }))).toBe("T");
    expect(structuredModelName(z.object({}))).toBe("structured_output");
    expect(structuredModelName(z.object({}).meta({ title: "x".repeat(80) }))).toHaveLength(64);
  });
});

describe("structuredOutputTool and fitsSchema", () => {
  it("builds the forced tool and checks values through the schema instance", () => {
    const Weather = z.object({ city: z.string(), temperature: z.number() });
    const tool = structuredOutputTool(Weather);
    expect(tool.function.name).toBe("generate_structured_output");
    expect(tool.function.parameters).toMatchObject({
      type: "object",
      required: ["city", "temperature"],
    });
    expect(fitsSchema(Weather, { city: "Paris", temperature: 20 })).toBe(true);
    expect(fitsSchema(Weather, { city: "Paris" })).toBe(false);
    expect(fitsSchema(Weather, undefined)).toBe(false);
  });
});
