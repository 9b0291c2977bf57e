import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import {
  createHttpTransport,
  type HttpClientOptions,
  type HttpTransportType,
  type ResolvedHttpOptions,
  resolveHttpOptions,
} from "./http-transport.js";
import { MCPClientBase } from "./mcp-client-base.js";
import { type McpSession, openSession } from "./mcp-session.js";
import type { McpCallOptions } from "./mcp-tool-function.js";

/** Options of {@link HttpStatelessClient}. */
export type HttpStatelessClientOptions = HttpClientOptions;

/**
 * An MCP client over HTTP that opens a new session for every request and closes it afterwards:
 * AgentScope's `HttpStatelessClient`. Nothing to connect or close; use it for servers that keep no
 * state between calls.
 */
export class HttpStatelessClient extends MCPClientBase {
  /** Always `false`: each call has its own session. */
  readonly stateful = false;
  /** The transport type. */
  readonly transportType: HttpTransportType;
  readonly #options: ResolvedHttpOptions;
  #tools: Tool[] | undefined;

  constructor(options: HttpStatelessClientOptions) {
    super(options.name);
    this.#options = resolveHttpOptions(options);
    this.transportType = this.#options.transport;
  }

  /** The server's URL. */
  get url(): URL {
    return this.#options.url;
  }

  /** Lists the server's tools (in a session of its own). */
  async listTools(): Promise<Tool[]> {
    const tools = await this.#withSession(async (session) => session.tools ?? [], undefined, true);
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
    return this.#withSession((session) => session.callTool(name, args, options), options.signal);
  }

  async #withSession<T>(
    run: (session: McpSession) => Promise<T>,
    signal?: AbortSignal,
    listTools = false,
  ): Promise<T> {
    const session = await openSession({
      name: this.name,
      transport: createHttpTransport(this.#options),
      onLost: () => {},
      signal,
      connectTimeout: this.#options.connectTimeout,
      listTools,
    });
    try {
      return await run(session);
    } finally {
      await session
        .close({
          terminate:
            this.#options.transport === "streamable_http" && this.#options.terminateOnClose,
        })
        .catch(() => {});
    }
  }
}
