import type { z } from "zod";
import type { ToolFunctionSchema } from "../tool/tool-schema.js";
import { toParametersSchema } from "../tool/tool-schema.js";

/** AgentScope's name of the tool that carries structured output (`_create_tool_from_base_model`). */
export const STRUCTURED_OUTPUT_TOOL_NAME = "generate_structured_output";

/**
 * AgentScope's `_create_tool_from_base_model`: the function tool a model is forced to call when a
 * `structuredModel` is given and its API has no JSON-schema response format; its arguments are the
 * structured output.
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
