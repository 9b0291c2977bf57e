import { type ToolFunctionSchema, toParametersSchema } from "@agentscope-ts/core";
import type { z } from "zod";

/** AgentScope's name of the tool that carries structured output. */
export const STRUCTURED_OUTPUT_TOOL_NAME = "generate_structured_output";

/**
 * AgentScope's `_create_tool_from_base_model`: the function tool the model is forced to call for
 * structured output (Claude has no JSON-schema response format in AgentScope's model).
 */
export function structuredOutputTool(schema: z.ZodType): ToolFunctionSchema {
  return {
    type: "function",
    function: {
      name: STRUCTURED_OUTPUT_TOOL_NAME,
      description: "Generate the required structured output with this function",
      parameters: toParametersSchema(schema, "structuredModel", "structuredModel"),
    },
  };
}
