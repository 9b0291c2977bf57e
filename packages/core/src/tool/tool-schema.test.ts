import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ValidationError } from "../errors/validation-error.js";
import { tool } from "./define-tool.js";
import { hidePresetArguments, isZodSchema, toParametersSchema } from "./tool-schema.js";

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
