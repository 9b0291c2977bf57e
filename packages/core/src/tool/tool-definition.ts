import type { z } from "zod";
import type { AgentBase } from "../agent/agent-base.js";
import type { ToolResponse } from "./tool-response.js";

/** A JSON Schema object describing a tool's parameters (`{ type: "object", properties, required }`). */
export type JsonSchemaObject = Record<string, unknown>;

/** What a tool call can see besides its input. */
export interface ToolContext {
  /** Aborted when the call is interrupted; long-running tools must stop when it fires. */
  signal: AbortSignal;
  /** The id of the `tool_use` block being answered. */
  toolCallId: string;
  /** The agent making the call, when called by an agent (`instanceof` tells its class). */
  agent?: AgentBase | undefined;
}

/**
 * What a tool's `execute` may return: a {@link ToolResponse}, a plain string (one text block), or
 * an async iterable of ToolResponses for a streaming tool (each one cumulative, the last with
 * `isLast: true`), possibly behind a promise.
 */
export type ToolResult =
  | ToolResponse
  | string
  | AsyncIterable<ToolResponse>
  | Promise<ToolResponse | string | AsyncIterable<ToolResponse>>;

/**
 * A tool an agent can call. `parameters` is a zod object schema (input is validated and typed) or
 * a JSON Schema object (input is validated against it).
 */
export interface ToolDefinition<Input = Record<string, unknown>> {
  /** The name the model calls the tool by: letters, digits, `_` and `-`. */
  name: string;
  /** What the tool does, for the model. */
  description: string;
  /** The input schema. */
  parameters: z.ZodType<Input> | JsonSchemaObject;
  /**
   * Arguments whose bad values the tool answers itself, in its own words (as AgentScope's tools
   * do, e.g. the plan tools' `Error: Invalid …`): when every schema issue is on one of them
   * (`true`: on any argument), the toolkit runs the tool on the arguments as given instead of
   * answering `InvalidArgumentsError`. The tool must then check those arguments itself.
   */
  ownArgumentErrors?: true | readonly string[];
  /** Runs the tool. */
  execute(input: Input, context: ToolContext): ToolResult;
}
