import type { RegisterMcpClientOptions, Toolkit } from "@agentscope-ts/core";
import type { MCPClientBase } from "./mcp-client-base.js";

/** Options of {@link registerMcpClient}: those of core's `Toolkit.registerMcpClient`. */
export type { RegisterMcpClientOptions } from "@agentscope-ts/core";

/**
 * Registers the tools of an MCP server in a Toolkit: AgentScope's
 * `toolkit.register_mcp_client(...)` as a function, kept for code written before
 * `Toolkit.registerMcpClient` existed; it is that method. Lists the server's tools, keeps those
 * passing `enableFuncs` / `disableFuncs`, and registers each under the client's name (so
 * `toolkit.removeMcpClients([client.name])` removes them). A stateful client must be connected
 * first. If one registration fails (e.g. a taken name), the tools this call registered are removed
 * again before the error is thrown.
 *
 * Returns the names the tools were registered under.
 */
export function registerMcpClient(
  toolkit: Toolkit,
  client: MCPClientBase,
  options: RegisterMcpClientOptions = {},
): Promise<string[]> {
  return toolkit.registerMcpClient(client, options);
}
