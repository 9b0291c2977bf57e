import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { errorMessage, MCPConnectionError } from "./mcp-connection-error.js";
import type { McpCallOptions } from "./mcp-tool-function.js";

/** How this package introduces itself to MCP servers. */
export const CLIENT_INFO = { name: "agentscope-ts", version: "0.1.0" } as const;

/** How long a liveness ping may take after a transport error before the server counts as gone. */
export const LIVENESS_PING_TIMEOUT_MS = 10_000;

/** The longest a timer can wait (setTimeout fires at once for longer delays). */
const NO_TIMEOUT_MS = 2_147_483_647;

/** What {@link openSession} needs. */
export interface OpenSessionOptions {
  /** The MCP client's name, for error messages. */
  name: string;
  /** The transport to connect over. */
  transport: Transport;
  /** Called once when the session is lost (the server exited or stopped answering). */
  onLost: (reason: MCPConnectionError) => void;
  /** Aborts connecting. */
  signal?: AbortSignal | undefined;
  /**
   * Milliseconds that starting the transport (spawning a stdio server), the `initialize` handshake
   * and, with `listTools`, the first `tools/list` may take together; `null` for no limit. Past it
   * the session is closed (a stdio server stopped) and an `MCPConnectionError` names the limit.
   */
  connectTimeout?: number | null | undefined;
  /** Also list the server's tools while connecting (when it offers tools). */
  listTools?: boolean | undefined;
}

/** An open MCP session with a liveness watch; see {@link openSession}. */
export interface McpSession {
  readonly client: Client;
  readonly transport: Transport;
  /** The tools listed while connecting (with `listTools`), if any. */
  readonly tools: Tool[] | undefined;
  /** Whether the session was lost (not closed by us). */
  readonly lost: boolean;
  /** Sends `tools/call`; a call cut off by a lost session rejects with an MCPConnectionError. */
  callTool(
    name: string,
    args: Record<string, unknown>,
    options: McpCallOptions,
  ): Promise<CallToolResult>;
  /** Closes the session (terminating an HTTP session first when asked). */
  close(options?: { terminate?: boolean }): Promise<void>;
}

/**
 * Connects an SDK `Client` over `transport` (the `initialize` handshake) and watches the session:
 * the transport closing (a stdio server exiting) loses it at once; a transport error (an HTTP
 * stream cut off) is checked with a ping, and a failed ping loses it. Losing a session closes the
 * client, which fails every pending request, so a call to a dead server ends at once instead of
 * waiting for its timeout.
 */
export async function openSession(options: OpenSessionOptions): Promise<McpSession> {
  const { name, transport } = options;
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  let open = false;
  let lost = false;
  let closing = false;
  let probing = false;

  const lose = (message: string, cause?: unknown) => {
    if (!open || lost || closing) return;
    lost = true;
    options.onLost(new MCPConnectionError(message, { cause }));
    client.close().catch(() => {});
  };

  client.onclose = () => lose(`The connection to the MCP server '${name}' was closed.`);
  const onError = (error: Error) => {
    if (!open || lost || closing || probing) return;
    probing = true;
    client.ping({ timeout: LIVENESS_PING_TIMEOUT_MS }).then(
      () => {
        probing = false;
      },
      (pingError: unknown) => {
        probing = false;
        lose(
          `The MCP server '${name}' stopped answering (${errorMessage(error)}; ping: ${errorMessage(pingError)}).`,
          pingError,
        );
      },
    );
  };

  const { connectTimeout = null, signal } = options;
  const connecting = new AbortController();
  const fail = (error: MCPConnectionError) => {
    if (!connecting.signal.aborted) connecting.abort(error);
  };
  const onAbort = () =>
    fail(
      new MCPConnectionError(
        `Connecting to the MCP server '${name}' was aborted (${errorMessage(signal?.reason)}).`,
        { cause: signal?.reason },
      ),
    );
  if (signal?.aborted) onAbort();
  else signal?.addEventListener("abort", onAbort, { once: true });
  const timer =
    connectTimeout === null
      ? undefined
      : setTimeout(
          () =>
            fail(
              new MCPConnectionError(
                `Cannot connect to the MCP server '${name}': no answer within its connectTimeout of ${connectTimeout} ms (starting it, the initialize handshake${options.listTools ? " and listing its tools" : ""}). Check that the server starts and speaks MCP, or raise connectTimeout (null for no limit).`,
              ),
            ),
          Math.min(connectTimeout, NO_TIMEOUT_MS),
        );
  // While connecting, a read timeout of the HTTP transport (`timeout`, `sseReadTimeout`) fails the
  // pending initialize at once: the SDK would only report it through onerror and keep waiting.
  client.onerror = (error) => {
    if (open) return;
    const cause = (error as { cause?: unknown }).cause;
    const timeout = [error, cause].find((e) => e instanceof MCPConnectionError);
    if (timeout instanceof MCPConnectionError || /\(the client's \w+\)/.test(errorMessage(error))) {
      fail(
        new MCPConnectionError(
          `Cannot connect to the MCP server '${name}': ${errorMessage(timeout ?? error)}`,
          { cause: timeout ?? error },
        ),
      );
    }
  };
  const aborted = new Promise<never>((_, reject) => {
    connecting.signal.addEventListener("abort", () => reject(connecting.signal.reason), {
      once: true,
    });
  });
  let tools: Tool[] | undefined;
  const requestOptions = { signal: connecting.signal, timeout: NO_TIMEOUT_MS };
  try {
    await Promise.race([
      (async () => {
        await client.connect(transport, requestOptions);
        if (options.listTools && client.getServerCapabilities()?.tools) {
          tools = (await client.listTools(undefined, requestOptions)).tools;
        }
      })(),
      aborted,
    ]);
  } catch (error) {
    closing = true;
    await client.close().catch(() => {});
    if (error instanceof MCPConnectionError) throw error;
    throw new MCPConnectionError(
      `Cannot connect to the MCP server '${name}': ${errorMessage(error)}`,
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
  client.onerror = onError;
  open = true;

  return {
    client,
    transport,
    tools,
    get lost() {
      return lost;
    },
    async callTool(toolName, args, callOptions) {
      try {
        const result = await client.callTool({ name: toolName, arguments: args }, undefined, {
          signal: callOptions.signal,
          timeout: callOptions.timeout ?? NO_TIMEOUT_MS,
        });
        return result as CallToolResult;
      } catch (error) {
        if (lost && !callOptions.signal?.aborted) {
          throw new MCPConnectionError(
            `The MCP server '${name}' disconnected during the call (${errorMessage(error)}).`,
            { cause: error },
          );
        }
        throw error;
      }
    },
    async close({ terminate = false } = {}) {
      if (closing) return;
      closing = true;
      try {
        const t = transport as Transport & { terminateSession?: () => Promise<void> };
        if (terminate && !lost && typeof t.terminateSession === "function") {
          await t.terminateSession();
        }
      } finally {
        await client.close();
      }
    },
  };
}
