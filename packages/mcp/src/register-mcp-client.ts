import {
  type NamesakeStrategy,
  StateError,
  type Toolkit,
  type ToolPostprocessFunc,
  ValidationError,
  type ValidationIssue,
} from "@agentscope-ts/core";
import type { MCPClientBase } from "./mcp-client-base.js";

/** Options of {@link registerMcpClient} (AgentScope's `register_mcp_client` keywords, camelCase). */
export interface RegisterMcpClientOptions {
  /** The tool group the tools join (create it first with `toolkit.createToolGroup`). Default `"basic"`. */
  groupName?: string;
  /** Register only these tools (by their MCP names). Default: all. */
  enableFuncs?: readonly string[];
  /** Leave these tools out (by their MCP names). */
  disableFuncs?: readonly string[];
  /**
   * Arguments you set per tool (`{ toolName: { arg: value } }`): merged into every call and hidden
   * from the model.
   */
  presetKwargsMapping?: Record<string, Record<string, unknown>>;
  /** Sees (and may replace) every response of every registered tool. */
  postprocessFunc?: ToolPostprocessFunc;
  /** What to do when a tool's name is taken in the toolkit. Default `"raise"`. */
  namesakeStrategy?: NamesakeStrategy;
  /** Milliseconds to wait for each call's result; none by default. */
  executionTimeout?: number;
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === "string");

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

/**
 * Registers the tools of an MCP server in a Toolkit: AgentScope's
 * `toolkit.register_mcp_client(...)` as a function, since core does not depend on MCP. Lists the
 * server's tools, keeps those passing `enableFuncs` / `disableFuncs`, and registers each under the
 * client's name (so `toolkit.removeMcpClients([client.name])` removes them). A stateful client
 * must be connected first. If one registration fails (e.g. a taken name), the tools this call
 * registered are removed again before the error is thrown.
 *
 * Returns the names the tools were registered under.
 */
export async function registerMcpClient(
  toolkit: Toolkit,
  client: MCPClientBase,
  options: RegisterMcpClientOptions = {},
): Promise<string[]> {
  const { enableFuncs, disableFuncs, presetKwargsMapping } = options;
  if ("isConnected" in client && client.isConnected === false) {
    throw new StateError(
      `The MCP client '${client.name}' is not connected to the server. Call connect() first.`,
    );
  }
  const where = `options of registerMcpClient('${client.name}')`;
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

  const tools = await client.listTools();
  if (enableFuncs !== undefined) {
    const missing = enableFuncs.filter((n) => !tools.some((t) => t.name === n));
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
