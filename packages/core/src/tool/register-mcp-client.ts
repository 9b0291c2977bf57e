import { StateError } from "../errors/state-error.js";
import { ValidationError, type ValidationIssue } from "../errors/validation-error.js";
import { isPlainObject } from "../utils/json-value.js";
import type { ToolPostprocessFunc } from "./registered-tool-function.js";
import type { ToolDefinition } from "./tool-definition.js";
import type { NamesakeStrategy, Toolkit } from "./toolkit.js";

/**
 * What the toolkit needs of an MCP client (structural, so core does not depend on the MCP
 * package): `MCPClientBase` of `@agentscope-ts/mcp` fits it.
 */
export interface McpClientLike {
  /** The client's name: its tools are registered under it (see `removeMcpClients`). */
  readonly name: string;
  /** `false` for a stateful client that is not connected (then registering is an error). */
  readonly isConnected?: boolean;
  /** Lists the server's tools. */
  listTools(): Promise<readonly { name: string }[]>;
  /** A tool definition that calls the server's tool `name` and wraps its result for the agent. */
  getCallableFunction(
    name: string,
    options: { wrapToolResult: true; executionTimeout?: number },
  ): Promise<ToolDefinition>;
}

/** Options of `Toolkit.registerMcpClient` (AgentScope's `register_mcp_client` keywords, camelCase). */
export interface RegisterMcpClientOptions {
  /** The tool group the tools join (create it first with `createToolGroup`). Default `"basic"`. */
  groupName?: string;
  /** Register only these tools (by their MCP names). Default: all. */
  enableFuncs?: readonly string[];
  /** Leave these tools out (by their MCP names). */
  disableFuncs?: readonly string[];
  /** Arguments you set per tool (`{ toolName: { arg: value } }`): merged in and hidden from the model. */
  presetKwargsMapping?: Record<string, Record<string, unknown>>;
  /** Sees (and may replace) every response of every registered tool. */
  postprocessFunc?: ToolPostprocessFunc;
  /** What to do when a tool's name is taken in the toolkit. Default `"raise"`. */
  namesakeStrategy?: NamesakeStrategy;
  /** Milliseconds to wait for each call's result (the client's own limit). */
  executionTimeout?: number;
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === "string");

function checkOptions(options: RegisterMcpClientOptions, where: string): void {
  const { enableFuncs, disableFuncs, presetKwargsMapping } = options;
  const issues: ValidationIssue[] = [];
  if (enableFuncs !== undefined && !isStringList(enableFuncs)) {
    issues.push({ path: "enableFuncs", message: "expected a list of tool names" });
  }
  if (disableFuncs !== undefined && !isStringList(disableFuncs)) {
    issues.push({ path: "disableFuncs", message: "expected a list of tool names" });
  }
  if (isStringList(enableFuncs) && isStringList(disableFuncs)) {
    const both = enableFuncs.filter((n) => disableFuncs.includes(n));
    if (both.length > 0) {
      issues.push({
        path: "disableFuncs",
        message: `names tools that enableFuncs also names: ${both.join(", ")}; a tool is either enabled or disabled`,
      });
    }
  }
  if (presetKwargsMapping !== undefined) {
    if (!isPlainObject(presetKwargsMapping)) {
      issues.push({
        path: "presetKwargsMapping",
        message: "expected an object mapping tool names to argument objects",
      });
    } else {
      for (const [name, kwargs] of Object.entries(presetKwargsMapping)) {
        if (!isPlainObject(kwargs)) {
          issues.push({
            path: `presetKwargsMapping.${name}`,
            message: "expected an object of argument values",
          });
        }
      }
    }
  }
  if (issues.length > 0) throw new ValidationError(where, issues);
}

/**
 * Registers the tools of an MCP server in `toolkit` (the logic of `Toolkit.registerMcpClient`):
 * keeps those passing `enableFuncs` / `disableFuncs` and registers each under the client's name.
 * If one registration fails, the tools this call registered are removed again before the error
 * is thrown. Returns the names the tools were registered under.
 */
export async function registerMcpClientTools(
  toolkit: Toolkit,
  client: McpClientLike,
  options: RegisterMcpClientOptions = {},
): Promise<string[]> {
  if (client.isConnected === false) {
    throw new StateError(
      `The MCP client '${client.name}' is not connected to the server. Call connect() first.`,
    );
  }
  const where = `options of registerMcpClient('${client.name}')`;
  checkOptions(options, where);
  const { enableFuncs, disableFuncs, presetKwargsMapping } = options;
  const tools = await client.listTools();
  const missing = (enableFuncs ?? []).filter((n) => !tools.some((t) => t.name === n));
  if (missing.length > 0) {
    throw new ValidationError(
      where,
      [
        {
          path: "enableFuncs",
          message: `names tools the server does not have: ${missing.join(", ")}`,
        },
      ],
      { hint: `The server has: ${tools.map((t) => t.name).join(", ") || "no tools"}.` },
    );
  }
  const registered: string[] = [];
  const added: string[] = [];
  try {
    for (const tool of tools) {
      if (enableFuncs !== undefined && !enableFuncs.includes(tool.name)) continue;
      if (disableFuncs?.includes(tool.name)) continue;
      const func = await client.getCallableFunction(tool.name, {
        wrapToolResult: true,
        ...(options.executionTimeout !== undefined
          ? { executionTimeout: options.executionTimeout }
          : {}),
      });
      const name = toolkit.registerToolFunction(func, {
        groupName: options.groupName ?? "basic",
        presetKwargs: presetKwargsMapping?.[tool.name] ?? {},
        postprocessFunc: options.postprocessFunc,
        namesakeStrategy: options.namesakeStrategy ?? "raise",
        mcpName: client.name,
      });
      registered.push(name);
      if (toolkit.tools.get(name)?.tool === func) added.push(name);
    }
  } catch (error) {
    for (const name of added) toolkit.removeToolFunction(name);
    throw error;
  }
  return registered;
}
