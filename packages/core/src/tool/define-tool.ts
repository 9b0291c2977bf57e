import type { z } from "zod";
import type {
  JsonSchemaObject,
  ToolContext,
  ToolDefinition,
  ToolResult,
} from "./tool-definition.js";
import { checkToolDefinition } from "./tool-schema.js";

/** A tool defined with a zod schema: `execute` receives the parsed (typed, defaulted) input. */
export interface ZodToolConfig<S extends z.ZodType<Record<string, unknown>>> {
  /** The name the model calls the tool by: letters, digits, `_` and `-`. */
  name: string;
  /** What the tool does, for the model. */
  description: string;
  /** A zod object schema; `.describe()` and `.default()` on fields reach the model's schema. */
  parameters: S;
  /** Arguments the tool answers itself when bad (see {@link ToolDefinition.ownArgumentErrors}). */
  ownArgumentErrors?: true | readonly string[];
  /** Runs the tool. */
  execute(input: z.output<S>, context: ToolContext): ToolResult;
}

/**
 * Defines a tool, checking its name and parameters now (so a mistake fails at startup, not at the
 * first call). With a zod schema the input type of `execute` is inferred:
 *
 * ```ts
 * const add = tool({
 *   name: "add",
 *   description: "Add two numbers.",
 *   parameters: z.object({ a: z.number().describe("first"), b: z.number().default(1) }),
 *   execute: ({ a, b }) => String(a + b),
 * });
 * ```
 */
export function tool<S extends z.ZodType<Record<string, unknown>>>(
  config: ZodToolConfig<S>,
): ToolDefinition<z.output<S>>;
/** Defines a tool whose parameters are a JSON Schema object; `execute` gets the checked input. */
export function tool(
  config: ToolDefinition<Record<string, unknown>> & { parameters: JsonSchemaObject },
): ToolDefinition;
export function tool(config: ToolDefinition): ToolDefinition {
  checkToolDefinition(config);
  return config;
}
