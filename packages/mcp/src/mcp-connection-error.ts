import { AgentScopeError, type AgentScopeErrorOptions } from "@agentscope-ts/core";

/**
 * The connection to an MCP server could not be made or was lost (the server exited, the HTTP
 * server stopped answering). Retrying after `connect()` may help, so it is `retryable`.
 */
export class MCPConnectionError extends AgentScopeError {
  override readonly code: string = "mcp_connection";

  constructor(message: string, options: AgentScopeErrorOptions = {}) {
    super(message, { retryable: true, ...options });
  }
}

/** The message of anything thrown. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
