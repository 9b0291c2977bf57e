import { closeSync, openSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Toolkit } from "@agentscope-ts/core";
import type { StatefulClientBase } from "@agentscope-ts/mcp";
import { CliError, oneLine } from "../cli-error.js";
import type { McpServerConfig } from "./mcp-config.js";

/** How long a stdio server gets to exit after its stdin closes, and again after SIGTERM. */
const CLOSE_GRACE_MS = 1000;

/** Options of {@link connectMcpServers}. */
export interface ConnectMcpOptions {
  /** The config file, named in errors. */
  configFile: string;
  /** Where stdio servers' stderr is logged (`mcp-<name>.log`); ignored with `debug`. */
  logDir: string;
  /** Let the servers' stderr through to ours. */
  debug: boolean;
  /**
   * How long a server may take to start, answer `initialize` and list its tools, in ms (the MCP
   * clients' `connectTimeout`). Default 30 000.
   */
  startTimeoutMs?: number;
  /** Aborting stops every server, those still connecting included, and rejects. */
  signal?: AbortSignal;
}

/** The connected MCP servers. */
export interface McpConnections {
  /** The clients, in config order. */
  readonly clients: readonly StatefulClientBase[];
  /** The tool names registered, per server. */
  readonly tools: ReadonlyMap<string, readonly string[]>;
  /**
   * Connects again to servers whose connection was lost (a stdio server that crashed, say); their
   * registered tools keep working. Failures are returned, not thrown.
   */
  reconnectLost(): Promise<string[]>;
  /** Closes every connection (stops the stdio servers). */
  close(): Promise<void>;
}

interface Started {
  server: McpServerConfig;
  client: StatefulClientBase;
  logFd?: number;
  logPath?: string;
}

function lastLogLine(path: string | undefined): string {
  if (!path) return "";
  try {
    const lines = readFileSync(path, "utf8")
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    const last = lines[lines.length - 1];
    return last ? ` (its last words: ${JSON.stringify(last.slice(0, 200))})` : "";
  } catch {
    return "";
  }
}

function describeServer(server: McpServerConfig): string {
  return server.kind === "stdio"
    ? `command ${JSON.stringify([server.command, ...server.args].join(" "))}`
    : `url ${server.url}`;
}

/**
 * Starts (stdio) or connects to (HTTP) every MCP server of the config, in parallel, and registers
 * their tools in `toolkit` (a name already taken gets a suffix). A server that fails to start or
 * answer fails the whole call with one line naming it, what went wrong and where to fix it; the
 * servers already started are stopped again. `@agentscope-ts/mcp` is imported here, on first use.
 */
export async function connectMcpServers(
  servers: readonly McpServerConfig[],
  toolkit: Toolkit,
  options: ConnectMcpOptions,
): Promise<McpConnections> {
  const mcp = await import("@agentscope-ts/mcp");
  const timeoutMs = options.startTimeoutMs ?? 30_000;
  if (!options.debug && servers.some((s) => s.kind === "stdio")) {
    await mkdir(options.logDir, { recursive: true });
  }

  const started: Started[] = servers.map((server) => {
    if (server.kind === "http") {
      return {
        server,
        client: new mcp.HttpStatefulClient({
          name: server.name,
          transport: server.transport,
          url: server.url,
          ...(server.headers ? { headers: server.headers } : {}),
          timeout: timeoutMs,
          connectTimeout: timeoutMs,
        }),
      };
    }
    let logFd: number | undefined;
    let logPath: string | undefined;
    if (!options.debug) {
      logPath = join(options.logDir, `mcp-${server.name.replace(/[^\w.-]/g, "_")}.log`);
      logFd = openSync(logPath, "w");
    }
    const client = new mcp.StdIOStatefulClient({
      name: server.name,
      command: server.command,
      args: server.args,
      ...(server.env ? { env: server.env } : {}),
      ...(server.cwd ? { cwd: server.cwd } : {}),
      stderr: logFd ?? "inherit",
      connectTimeout: timeoutMs,
      // Stopping fits in the CLI's bounded cleanup: stdin closed, 1 s, SIGTERM, 1 s, SIGKILL.
      closeGraceMs: CLOSE_GRACE_MS,
    });
    return { server, client, ...(logFd !== undefined ? { logFd, logPath } : {}) };
  });

  // Closes connected clients and aborts connecting ones (stopping their processes). Called again,
  // it waits for the first call.
  let closing: Promise<void> | undefined;
  const closeAll = () => {
    closing ??= closeClients();
    return closing;
  };
  const closeClients = async () => {
    await Promise.allSettled(
      started.map(async ({ client }) => {
        if (client.isConnected || client.isConnecting) await client.close();
      }),
    );
    for (const { logFd } of started) {
      if (logFd !== undefined) {
        try {
          closeSync(logFd);
        } catch {
          // already closed
        }
      }
    }
  };

  const onAbort = () => void closeAll();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  // connect() starts the server, initializes and lists the tools within its connectTimeout.
  const results = await Promise.allSettled(
    started.map(({ client }) =>
      options.signal?.aborted ? Promise.reject(options.signal.reason) : client.connect(),
    ),
  );
  options.signal?.removeEventListener("abort", onAbort);
  if (options.signal?.aborted) {
    await closeAll();
    throw new CliError("stopped while the MCP servers were starting", {
      cause: options.signal.reason,
    });
  }
  const failedAt = results.findIndex((r) => r.status === "rejected");
  if (failedAt >= 0) {
    const { server, logPath } = started[failedAt] as Started;
    const reason = (results[failedAt] as PromiseRejectedResult).reason;
    await closeAll();
    const message = oneLine(reason instanceof Error ? reason.message : String(reason));
    throw new CliError(
      `MCP server '${server.name}' failed to start: ${message}${lastLogLine(logPath)}. Check its entry in ${options.configFile} (${describeServer(server)}), or remove it${logPath ? `; its log: ${logPath}` : ""}`,
      { cause: reason },
    );
  }

  const tools = new Map<string, string[]>();
  try {
    for (const { server, client } of started) {
      tools.set(
        server.name,
        await mcp.registerMcpClient(toolkit, client, { namesakeStrategy: "rename" }),
      );
    }
  } catch (error) {
    await closeAll();
    throw error;
  }

  return {
    clients: started.map((s) => s.client),
    tools,
    async reconnectLost() {
      const failures: string[] = [];
      for (const { server, client } of started) {
        if (client.isConnected) continue;
        try {
          await client.connect();
        } catch (error) {
          failures.push(
            `MCP server '${server.name}' is gone and did not restart: ${oneLine(String((error as Error)?.message ?? error))}`,
          );
        }
      }
      return failures;
    },
    close: closeAll,
  };
}
