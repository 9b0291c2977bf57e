import { StateError } from "@agentscope-ts/core";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  type CallToolResult,
  type Tool,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { resolveConnectTimeout } from "./connect-timeout.js";
import { MCPClientBase } from "./mcp-client-base.js";
import { MCPConnectionError } from "./mcp-connection-error.js";
import { type McpSession, openSession } from "./mcp-session.js";
import type { McpCallOptions } from "./mcp-tool-function.js";

/** Options every stateful client takes. */
export interface StatefulClientOptions {
  /**
   * Milliseconds that `connect()` may take: starting the server (a stdio process), the
   * `initialize` handshake and the first `listTools`. Default 30 000; `null` for no limit. Past it
   * `connect()` rejects with an `MCPConnectionError` naming the server and the limit, and a stdio
   * server is stopped.
   */
  connectTimeout?: number | null;
}

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
  #connecting:
    | { transport: Transport; controller: AbortController; done: Promise<unknown> }
    | undefined;
  #lostReason: MCPConnectionError | undefined;
  #tools: Tool[] | undefined;
  /** Milliseconds `connect()` may take (`null`: no limit). */
  readonly connectTimeout: number | null;

  constructor(name: string, options: StatefulClientOptions = {}) {
    super(name);
    this.connectTimeout = resolveConnectTimeout(this.name, options.connectTimeout);
  }

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

  /** The transport of the open session, or of the session being opened, if any. */
  protected get transport(): Transport | undefined {
    return this.#session?.transport ?? this.#connecting?.transport;
  }

  /** Whether `connect()` is under way. */
  get isConnecting(): boolean {
    return this.#connecting !== undefined;
  }

  /**
   * Opens a session with the server and lists its tools, within `connectTimeout`. Connecting
   * while connected is an error; `close()` while connecting aborts it.
   */
  async connect(): Promise<void> {
    if (this.#session || this.#connecting) {
      throw new StateError(
        `The MCP client '${this.name}' is already connected. Call close() before connecting again.`,
      );
    }
    const transport = this.createTransport();
    const controller = new AbortController();
    let session: McpSession | undefined;
    const opening = openSession({
      name: this.name,
      transport,
      connectTimeout: this.connectTimeout,
      listTools: true,
      signal: controller.signal,
      onLost: (reason) => {
        if (this.#session !== session) return;
        this.#session = undefined;
        this.#lostReason = reason;
      },
    });
    this.#connecting = { transport, controller, done: opening.catch(() => {}) };
    try {
      session = await opening;
    } finally {
      this.#connecting = undefined;
    }
    const opened = session;
    this.#session = opened;
    this.#lostReason = undefined;
    this.#tools = opened.tools;
    opened.client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      if (this.#session === opened) this.#tools = undefined;
    });
  }

  /**
   * Closes the session. Closing while `connect()` is under way aborts it (stopping a stdio
   * server) and waits for that. Closing a client that is not connected is an error, except after
   * the connection was lost (then it only forgets the loss).
   */
  async close(options: CloseOptions = {}): Promise<void> {
    const connecting = this.#connecting;
    if (connecting) {
      connecting.controller.abort(
        new MCPConnectionError(`The MCP client '${this.name}' was closed while connecting.`),
      );
      await connecting.done;
      return;
    }
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
    if (this.#session || this.#connecting) await this.close();
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
