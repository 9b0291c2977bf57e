import {
  type JsonSchemaObject,
  type ToolContext,
  type ToolResponse,
  toolResponse,
} from "@agentscope-ts/core";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { callToolResultToToolResponse } from "./content-to-blocks.js";
import { errorMessage } from "./mcp-connection-error.js";

/** Options of one MCP tool call. */
export interface McpCallOptions {
  /** Aborts the MCP request (the SDK sends `notifications/cancelled` to the server). */
  signal?: AbortSignal | undefined;
  /** Milliseconds to wait for the result; `undefined` waits as long as it takes. */
  timeout?: number | undefined;
}

/** Sends `tools/call` for the tool named `name` through a client's session. */
export type McpToolCaller = (
  name: string,
  args: Record<string, unknown>,
  options: McpCallOptions,
) => Promise<CallToolResult>;

/** What an {@link MCPToolFunction} is built from (AgentScope's `MCPToolFunction` arguments). */
export interface MCPToolFunctionOptions {
  /** The name of the MCP client the tool comes from. */
  mcpName: string;
  /** The tool as the server lists it. */
  tool: Tool;
  /** Return a ToolResponse (`true`) or the raw `CallToolResult` (`false`). */
  wrapToolResult: boolean;
  /** Sends the call through the client's session. */
  caller: McpToolCaller;
  /** Milliseconds to wait for each call's result; none by default. */
  executionTimeout?: number | undefined;
}

/**
 * Turns an MCP tool name into one model APIs accept (`[A-Za-z0-9_-]{1,64}`): other characters
 * become `_`, and a longer name is cut to 64 characters.
 */
export function toToolName(mcpToolName: string): string {
  const name = mcpToolName.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64);
  return name === "" ? "_" : name;
}

/**
 * The JSON Schema of a tool's input as the model should see it: the server's `inputSchema` with
 * `type: "object"`, `properties` and `required` filled in when missing (as AgentScope does).
 */
export function toolParameters(tool: Tool): JsonSchemaObject {
  const schema: JsonSchemaObject = structuredClone(tool.inputSchema ?? {}) as JsonSchemaObject;
  schema.type ??= "object";
  schema.properties ??= {};
  schema.required ??= [];
  return schema;
}

/**
 * One tool of an MCP server, callable directly and registrable in a `Toolkit`: AgentScope's
 * `MCPToolFunction`. `Output` is `ToolResponse` when the result is wrapped (the default; then it
 * is a core `ToolDefinition`) and the raw `CallToolResult` otherwise.
 *
 * When wrapped, `execute` never rejects for a failed call: an `isError` result, a protocol error,
 * a timeout or a lost connection each become a ToolResponse the model can read. Aborting
 * `context.signal` cancels the MCP request.
 */
export class MCPToolFunction<Output extends ToolResponse | CallToolResult = ToolResponse> {
  /** The name of the MCP client the tool comes from. */
  readonly mcpName: string;
  /** The name the model calls the tool by (the MCP name made safe by {@link toToolName}). */
  readonly name: string;
  /** The tool's name on the MCP server. */
  readonly mcpToolName: string;
  /** What the tool does (the server's description, else its title). */
  readonly description: string;
  /** The JSON Schema of the tool's input. */
  readonly parameters: JsonSchemaObject;
  /** The tool as the server listed it. */
  readonly tool: Tool;
  /** Whether results are turned into ToolResponses. */
  readonly wrapToolResult: boolean;
  /** Milliseconds to wait for each call's result; `undefined` waits as long as it takes. */
  readonly executionTimeout: number | undefined;
  readonly #caller: McpToolCaller;

  constructor(options: MCPToolFunctionOptions) {
    this.mcpName = options.mcpName;
    this.tool = options.tool;
    this.mcpToolName = options.tool.name;
    this.name = toToolName(options.tool.name);
    this.description = options.tool.description ?? options.tool.title ?? "";
    this.parameters = toolParameters(options.tool);
    this.wrapToolResult = options.wrapToolResult;
    this.executionTimeout = options.executionTimeout;
    this.#caller = options.caller;
  }

  /** The tool's schema in the function format AgentScope uses (`{ type: "function", function }`). */
  get jsonSchema(): { type: "function"; function: Record<string, unknown> } {
    return {
      type: "function",
      function: { name: this.name, description: this.description, parameters: this.parameters },
    };
  }

  /**
   * Calls the tool with `input`. `context.signal` aborts the call; the Toolkit passes its
   * ToolContext here.
   */
  async execute(input: Record<string, unknown>, context?: Partial<ToolContext>): Promise<Output> {
    const signal = context?.signal;
    let result: CallToolResult;
    try {
      result = await this.#caller(this.mcpToolName, input, {
        signal,
        timeout: this.executionTimeout,
      });
    } catch (error) {
      if (!this.wrapToolResult || signal?.aborted) throw error;
      return toolResponse(
        `Error occurred when calling MCP tool '${this.mcpToolName}': ${errorMessage(error)}`,
        { metadata: { is_error: true } },
      ) as Output;
    }
    return (
      this.wrapToolResult ? callToolResultToToolResponse(result, this.mcpToolName) : result
    ) as Output;
  }
}
