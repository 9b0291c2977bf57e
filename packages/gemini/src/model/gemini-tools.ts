import type { ToolChoice, ToolFunctionSchema } from "@agentscope-ts/core";
import {
  FunctionCallingConfigMode,
  type FunctionDeclaration,
  type Tool,
  type ToolConfig,
} from "@google/genai";
import { flattenJsonSchema } from "./flatten-json-schema.js";

/**
 * A function declaration as AgentScope sends it: the SDK's `FunctionDeclaration` whose
 * `parameters` is the tool's (flattened) JSON Schema. Wire extra: the SDK types `parameters` as
 * its own `Schema` (upper-case `Type` names); the API takes the JSON Schema AgentScope sends.
 */
export type GeminiFunctionDeclaration = Omit<FunctionDeclaration, "parameters"> & {
  parameters?: Record<string, unknown>;
};

/** One Gemini tool as AgentScope sends it: the SDK's `Tool` with {@link GeminiFunctionDeclaration}s. */
export type GeminiTool = Omit<Tool, "functionDeclarations"> & {
  functionDeclarations: GeminiFunctionDeclaration[];
};

/**
 * AgentScope's `_format_tools_json_schemas`: OpenAI-style function schemas as one Gemini tool,
 * `[{functionDeclarations: [{name, description, parameters}]}]`, each `parameters` flattened
 * ({@link flattenJsonSchema}: Gemini takes no `$defs`/`$ref`). Entries without `function` are
 * skipped.
 */
export function formatGeminiTools(tools: readonly ToolFunctionSchema[]): GeminiTool[] {
  const functionDeclarations: GeminiFunctionDeclaration[] = [];
  for (const schema of tools) {
    const fn: Partial<ToolFunctionSchema["function"]> | undefined = schema.function;
    if (!fn) continue;
    const declaration: GeminiFunctionDeclaration = { ...fn };
    if (fn.parameters && typeof fn.parameters === "object") {
      declaration.parameters = flattenJsonSchema(fn.parameters);
    }
    functionDeclarations.push(declaration);
  }
  return [{ functionDeclarations }];
}

/** Gemini's `toolConfig`: how the model may call functions (the SDK's `ToolConfig`). */
export type GeminiToolConfig = ToolConfig;

const MODES = {
  auto: FunctionCallingConfigMode.AUTO,
  none: FunctionCallingConfigMode.NONE,
  required: FunctionCallingConfigMode.ANY,
} as const;

/**
 * AgentScope's `_format_tool_choice`: `auto`/`none`/`required` become the modes AUTO/NONE/ANY; a
 * tool name becomes mode ANY with `allowedFunctionNames: [name]`.
 */
export function formatGeminiToolChoice(toolChoice: ToolChoice): GeminiToolConfig {
  const mode = MODES[toolChoice as keyof typeof MODES];
  if (mode) return { functionCallingConfig: { mode } };
  return {
    functionCallingConfig: {
      mode: FunctionCallingConfigMode.ANY,
      allowedFunctionNames: [toolChoice],
    },
  };
}
