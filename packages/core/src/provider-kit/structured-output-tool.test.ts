import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ValidationError } from "../errors/validation-error.js";
import { STRUCTURED_OUTPUT_TOOL_NAME, structuredOutputTool } from "./structured-output-tool.js";

describe("structuredOutputTool", () => {
  it("builds AgentScope's generate_structured_output function tool from a zod schema", () => {
    const tool = structuredOutputTool(z.object({ city: z.string().describe("The city") }));
    expect(STRUCTURED_OUTPUT_TOOL_NAME).toBe("generate_structured_output");
    expect(tool.type).toBe("function");
    expect(tool.function.name).toBe("generate_structured_output");
    expect(tool.function.description).toBe(
      "Generate the required structured output with this function",
    );
    expect(tool.function.parameters).toMatchObject({
      type: "object",
      properties: { city: { type: "string", description: "The city" } },
      required: ["city"],
    });
  });

  it("rejects a schema that does not describe an object, naming structuredModel", () => {
    expect(() => structuredOutputTool(z.string())).toThrow(ValidationError);
    expect(() => structuredOutputTool(z.string())).toThrow(/structuredModel/);
  });
});
