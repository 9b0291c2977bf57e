import { ValidationError } from "../errors/validation-error.js";
import type { ToolFunctionSchema } from "../tool/tool-schema.js";

/** The modes of `toolChoice` besides naming one tool. */
export const TOOL_CHOICE_MODES = ["auto", "none", "required"] as const;

/**
 * How the model may use tools: `"auto"` (decide), `"none"` (do not call tools), `"required"` (call
 * at least one), or a tool name (call that tool).
 */
export type ToolChoice = (typeof TOOL_CHOICE_MODES)[number] | (string & {});

/**
 * Checks `tools` has the function format and `toolChoice` is a mode or the name of one of `tools`
 * (AgentScope's `_validate_tool_choice`), throwing a {@link ValidationError} that lists the valid
 * options otherwise.
 */
export function validateToolChoice(
  toolChoice: unknown,
  tools: readonly ToolFunctionSchema[] | undefined,
): void {
  const names = toolNames(tools);
  if (toolChoice === undefined) return;
  if (typeof toolChoice !== "string") {
    throw new ValidationError("toolChoice", [
      { path: "", message: `expected string, received ${typeof toolChoice}` },
    ]);
  }
  if ((TOOL_CHOICE_MODES as readonly string[]).includes(toolChoice)) return;
  if (names.includes(toolChoice)) return;
  const options = [...TOOL_CHOICE_MODES, ...names].sort();
  throw new ValidationError(
    "toolChoice",
    [
      {
        path: "",
        message:
          names.length === 0
            ? `${JSON.stringify(toolChoice)} names a tool, but no tools were given`
            : `${JSON.stringify(toolChoice)} is not a mode or a given tool`,
      },
    ],
    { hint: `Available options: ${options.join(", ")}` },
  );
}

/** The names of `tools`, checking each has the `{type: "function", function: {name}}` shape. */
export function toolNames(tools: readonly ToolFunctionSchema[] | undefined): string[] {
  if (tools === undefined) return [];
  if (!Array.isArray(tools)) {
    throw new ValidationError("tools", [
      { path: "", message: `expected array, received ${typeof tools}` },
    ]);
  }
  return tools.map((tool, i) => {
    const name = (tool as { function?: { name?: unknown } } | null)?.function?.name;
    if (typeof name !== "string" || name === "") {
      throw new ValidationError(
        "tools",
        [{ path: `[${i}].function.name`, message: "required (expected string)" }],
        {
          hint: 'Each tool must look like {type: "function", function: {name, description, parameters}}.',
        },
      );
    }
    return name;
  });
}
