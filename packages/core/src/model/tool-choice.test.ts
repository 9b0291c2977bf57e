import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import type { ToolFunctionSchema } from "../tool/tool-schema.js";
import { validateToolChoice } from "./tool-choice.js";

const tool = (name: string): ToolFunctionSchema => ({
  type: "function",
  function: { name, description: name, parameters: { type: "object", properties: {} } },
});

describe("validateToolChoice", () => {
  const tools = [tool("get_weather"), tool("search")];

  it("accepts the modes, a given tool's name and no choice", () => {
    for (const choice of ["auto", "none", "required", "search", undefined]) {
      expect(() => validateToolChoice(choice, tools)).not.toThrow();
    }
    expect(() => validateToolChoice("auto", undefined)).not.toThrow();
  });

  it("rejects an unknown name, listing every option sorted", () => {
    expect(() => validateToolChoice("get_time", tools)).toThrow(ValidationError);
    expect(() => validateToolChoice("get_time", tools)).toThrow(
      /"get_time".*\n.*Available options: auto, get_weather, none, required, search/s,
    );
  });

  it("explains a tool name given without tools", () => {
    expect(() => validateToolChoice("search", undefined)).toThrow(/no tools were given/);
  });

  it("rejects a non-string choice and malformed tools", () => {
    expect(() => validateToolChoice(3, tools)).toThrow(/expected string, received number/);
    expect(() =>
      validateToolChoice("auto", [
        { type: "function", function: {} } as unknown as ToolFunctionSchema,
      ]),
    ).toThrow(/\[0\]\.function\.name/);
  });
});
