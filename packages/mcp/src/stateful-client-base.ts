import { StateError } from "@agentscope-ts/core";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  type CallToolResult,
  type Tool,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { MCPClientBase } from "./mcp-client-base.js";
import type { MCPConnectionError } from "./mcp-connection-error.js";
import { type McpSession, openSession } from "./mcp-session.js";
import type { McpCallOptions } from "./mcp-tool-function.js";

/** Options of {@link StatefulClientBase.close}. */
export interface CloseOptions {
  /** Swallow errors while closing (default `true`, as AgentScope). */
  ignoreErrors?: boolean;
}

/**
 * The base of MCP clients that keep one session open across calls: AgentScope's
 * `StatefulClientBase`. Call `connect()` before use and `close()` after (or hold it with
 * `await using`). Tools handed out stay bound to the client, not to one session, so they keep
 * working after a reconnect.
 *
 * When the server goes away (the process exits, the HTTP server stops answering) the client
 * notices, fails the calls in flight with an error result, and `isConnected` turns `false`;
 * `connect()` connects again.
 */
export abstract class StatefulClientBase extends MCPClientBase implements AsyncDisposable {
  #session: McpSession | undefined;
  #connecting = false;
  #lostReason: MCPConnectionError | undefined;
  #tools: Tool[] | undefined;

  /** Whether a session with the server is open. */
  get isConnected(): boolean {
    return this.#session !== undefined;
  }

  /** Why the last session was lost, until the next `connect()` or `close()`. */
  get lostReason(): MCPConnectionError | undefined {
    return this.#lostReason;
  }

  /** A new SDK transport for the next session. */
  protected abstract createTransport(): Transport;

  /** Whether `close()` should end the session on the server first (Streamable HTTP). */
  protected get terminateOnClose(): boolean {
    return false;
  }

  /** The transport of the open session, if any. */
  protected get transport(): Transport | undefined {
    return this.#session?.transport;
  }

  /** Opens a session with the server. Connecting while connected is an error. */
  async connect(): Promise<void> {
    if (this.#session || this.#connecting) {
      throw new StateError(
        `The MCP client '${this.name}' is already connected. Call close() before connecting again.`,
      );
    }
    this.#connecting = true;
    try {
      const session = await openSession({
        name: this.name,
        transport: this.createTransport(),
        onLost: (reason) => {
          if (this.#session !== session) return;
          this.#session = undefined;
          this.#lostReason = reason;
        },
      });
      this.#session = session;
      this.#lostReason = undefined;
      this.#tools = undefined;
      session.client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
        if (this.#session === session) this.#tools = undefined;
      });
    } finally {
      this.#connecting = false;
    }
  }

  /**
   * Closes the session. Closing a client that is not connected is an error, except after the
   * connection was lost (then it only forgets the loss).
   */
  async close(options: CloseOptions = {}): Promise<void> {
    const session = this.#session;
    if (!session) {
      if (this.#lostReason) {
        this.#lostReason = undefined;
        return;
      }
      throw new StateError(
        `The MCP client '${this.name}' is not connected. Call connect() before closing.`,
      );
    }
    this.#session = undefined;
    try {
      await session.close({ terminate: this.terminateOnClose });
    } catch (error) {
      if (options.ignoreErrors === false) throw error;
    }
  }

  /** Closes the session if one is open (for `await using`). */
  async [Symbol.asyncDispose](): Promise<void> {
    if (this.#session) await this.close();
    this.#lostReason = undefined;
  }

  /** Lists the server's tools. */
  async listTools(): Promise<Tool[]> {
    const { tools } = await this.#requireSession().client.listTools();
    this.#tools = tools;
    return tools;
  }

  protected get cachedTools(): Tool[] | undefined {
    return this.#tools;
  }

  protected callTool(
    name: string,
    args: Record<string, unknown>,
    options: McpCallOptions,
  ): Promise<CallToolResult> {
    return this.#requireSession().callTool(name, args, options);
  }

  #requireSession(): McpSession {
    if (this.#session) return this.#session;
    const lost = this.#lostReason ? ` (${this.#lostReason.message})` : "";
    throw new StateError(
      `The MCP client '${this.name}' is not connected${lost}. Call connect() before using it.`,
    );
  }
}
