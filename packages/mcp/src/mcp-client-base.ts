import { ToolError, type ToolResponse, ValidationError } from "@agentscope-ts/core";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { MCPToolFunction, type McpCallOptions } from "./mcp-tool-function.js";

/** Options of {@link MCPClientBase.getCallableFunction}. */
export interface GetCallableFunctionOptions {
  /**
   * Return a ToolResponse (default `true`, what the Toolkit needs) or the raw MCP
   * `CallToolResult` (`false`).
   */
  wrapToolResult?: boolean;
  /** Milliseconds to wait for each call's result; by default there is no limit. */
  executionTimeout?: number;
}

/**
 * The base of the MCP clients: AgentScope's `MCPClientBase`. A client has a `name` (unique among
 * your MCP clients: `toolkit.removeMcpClients([name])` finds its tools by it), lists the server's
 * tools and hands them out as {@link MCPToolFunction}s.
 */
export abstract class MCPClientBase {
  /** The name that identifies this MCP server among yours. */
  readonly name: string;

  constructor(name: string) {
    if (typeof name !== "string" || name === "") {
      throw new ValidationError(
        "MCP client options",
        [
          {
            path: "name",
            message: `expected a non-empty string, received ${JSON.stringify(name)}`,
          },
        ],
        { hint: "Give each MCP client a unique name, e.g. { name: 'everything', ... }." },
      );
    }
    this.name = name;
  }

  /** Lists the tools the server offers (and remembers them for `getCallableFunction`). */
  abstract listTools(): Promise<Tool[]>;

  /** The tools from the last `listTools()`, if any (reset when the server says its list changed). */
  protected abstract get cachedTools(): Tool[] | undefined;

  /** Sends `tools/call` to the server. */
  protected abstract callTool(
    name: string,
    args: Record<string, unknown>,
    options: McpCallOptions,
  ): Promise<CallToolResult>;

  /**
   * Returns the server's tool `funcName` as a function you can call (`await fn.execute(input)`) or
   * register in a Toolkit. Lists the tools first if they are not known yet; an unknown name is an
   * error that lists the names the server has.
   */
  getCallableFunction(
    funcName: string,
    options?: GetCallableFunctionOptions & { wrapToolResult?: true },
  ): Promise<MCPToolFunction<ToolResponse>>;
  getCallableFunction(
    funcName: string,
    options: GetCallableFunctionOptions & { wrapToolResult: false },
  ): Promise<MCPToolFunction<CallToolResult>>;
  getCallableFunction(
    funcName: string,
    options?: GetCallableFunctionOptions,
  ): Promise<MCPToolFunction<ToolResponse | CallToolResult>>;
  async getCallableFunction(
    funcName: string,
    options: GetCallableFunctionOptions = {},
  ): Promise<MCPToolFunction<ToolResponse | CallToolResult>> {
    const tools = this.cachedTools ?? (await this.listTools());
    const tool = tools.find((t) => t.name === funcName);
    if (!tool) {
      throw new ToolError(
        `Tool '${funcName}' not found in the MCP server '${this.name}'. It has: ${tools.map((t) => t.name).join(", ") || "no tools"}.`,
      );
    }
    return new MCPToolFunction({
      mcpName: this.name,
      tool,
      wrapToolResult: options.wrapToolResult ?? true,
      executionTimeout: options.executionTimeout,
      caller: (name, args, callOptions) => this.callTool(name, args, callOptions),
    });
  }
}
