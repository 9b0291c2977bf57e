import { StateError } from "@agentscope-ts/core";
import { zodResponseFormat } from "openai/helpers/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadStrictJsonSchema, strictJsonSchemaOf } from "./structured-output-schema.js";

describe("loadStrictJsonSchema", () => {
  it("loads the SDK's transform on first use; strictJsonSchemaOf is a StateError before", async () => {
    const schema = z.object({ city: z.string(), days: z.number().nullable() });
    expect(() => strictJsonSchemaOf(schema, "structuredModel")).toThrow(StateError);
    expect(() => strictJsonSchemaOf(schema, "structuredModel")).toThrow(/loadStrictJsonSchema/);

    const loading = loadStrictJsonSchema();
    expect(loading).toBeInstanceOf(Promise);
    await loading;
    expect(loadStrictJsonSchema()).toBeUndefined();
    expect(JSON.stringify(strictJsonSchemaOf(schema, "structuredModel"))).toBe(
      JSON.stringify(zodResponseFormat(schema, "x").json_schema.schema),
    );
  });
});
