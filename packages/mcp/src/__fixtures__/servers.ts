/**
 * Test helpers: real MCP servers on 127.0.0.1, started by the tests and stopped after.
 * - server-everything (from npm) over Streamable HTTP or SSE, as a child process;
 * - a small in-process SDK server that shows what reached it (headers, cancellations).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

const require = createRequire(import.meta.url);

/** The server-everything entry point (`node <entry> stdio|sse|streamableHttp`). */
export const EVERYTHING_ENTRY = join(
  dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist/index.js",
);

/** A free TCP port on 127.0.0.1 (listen on port 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A running server-everything process. */
export interface EverythingServer {
  port: number;
  /** The MCP URL: `/mcp` for Streamable HTTP, `/sse` for SSE. */
  url: string;
  process: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Kills the process (SIGKILL) and waits for it to exit. */
  kill(): Promise<void>;
}

const running = new Set<EverythingServer>();

/** Exits with `signal` and waits (a no-op when it has exited already). */
function killProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

/**
 * Starts server-everything over HTTP on a free port (or `options.port`) and waits until it answers
 * (polling), retrying on another port if the first one was taken meanwhile.
 */
export async function startEverything(
  mode: "streamableHttp" | "sse",
  options: { port?: number; timeoutMs?: number } = {},
): Promise<EverythingServer> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let lastOutput = "";
  for (let attempt = 0; attempt < (options.port ? 1 : 3); attempt++) {
    const port = options.port ?? (await freePort());
    let output = "";
    const child = spawn(process.execPath, [EVERYTHING_ENTRY, mode], {
      env: { ...process.env, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (d: Buffer) => {
      output += d.toString();
    });
    child.stderr?.on("data", (d: Buffer) => {
      output += d.toString();
    });
    const server: EverythingServer = {
      port,
      url: `http://127.0.0.1:${port}${mode === "sse" ? "/sse" : "/mcp"}`,
      process: child,
      output: () => output,
      kill: async () => {
        running.delete(server);
        await killProcess(child);
      },
    };
    running.add(server);
    while (Date.now() < deadline && child.exitCode === null) {
      try {
        await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) });
        return server; // any HTTP answer (404) means it listens
      } catch {
        await sleep(100);
      }
    }
    lastOutput = output;
    await server.kill();
    if (Date.now() >= deadline) break;
  }
  throw new Error(`server-everything (${mode}) did not start:\n${lastOutput}`);
}

/** Kills every server-everything started by {@link startEverything} (for afterAll). */
export async function stopAllEverything(): Promise<void> {
  await Promise.all([...running].map((s) => s.kill()));
}

/** Whether the process with `pid` is still alive. */
export function isAlive(pid: number): boolean {
  // kill(0) and kill(-n) signal process groups (this test's own, for 0): only real pids here.
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`not a process id: ${pid}`);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `check` until it is true, or throws after `timeoutMs`. */
export async function waitFor(
  check: () => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** An in-process MCP server (the SDK's own) that records what reached it. */
export interface ProbeServer {
  url: string;
  /** The headers of every HTTP request received. */
  headers: Record<string, string | string[] | undefined>[];
  /** The method of every HTTP request received (same order as `headers`). */
  methods: string[];
  /** Names of calls whose request was cancelled by the client. */
  cancelled: string[];
  /** Names of calls that started. */
  started: string[];
  close(): Promise<void>;
}

/**
 * Starts an MCP server over Streamable HTTP on 127.0.0.1 (in this process) with tools `whoami`
 * (returns the `authorization` and `x-agent` headers it received) and `wait_for_abort` (waits
 * until the client cancels the call, then records it).
 */
export async function startProbeServer(): Promise<ProbeServer> {
  const headers: ProbeServer["headers"] = [];
  const methods: string[] = [];
  const cancelled: string[] = [];
  const started: string[] = [];
  const transports = new Map<string, StreamableHTTPServerTransport>();

  const makeServer = () => {
    const server = new McpServer({ name: "probe", version: "1.0.0" });
    server.registerTool(
      "whoami",
      { description: "Returns the auth headers it received.", inputSchema: {} },
      async (_args, extra) => {
        const h = extra.requestInfo?.headers ?? {};
        return {
          content: [
            { type: "text", text: `authorization=${h.authorization}; x-agent=${h["x-agent"]}` },
          ],
        };
      },
    );
    server.registerTool(
      "wait_for_abort",
      {
        description: "Waits until the call is cancelled.",
        inputSchema: { label: z.string() },
      },
      async ({ label }, extra) => {
        started.push(label);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 60_000);
          extra.signal.addEventListener("abort", () => {
            clearTimeout(timer);
            cancelled.push(label);
            resolve();
          });
        });
        return { content: [{ type: "text", text: "done" }] };
      },
    );
    return server;
  };

  const http: Server = createServer(async (req, res) => {
    headers.push({ ...req.headers });
    methods.push(req.method ?? "");
    if (!req.url?.startsWith("/mcp")) {
      res.writeHead(404).end();
      return;
    }
    const sessionId = req.headers["mcp-session-id"];
    let transport = typeof sessionId === "string" ? transports.get(sessionId) : undefined;
    if (!transport) {
      if (sessionId !== undefined || req.method !== "POST") {
        res.writeHead(400).end();
        return;
      }
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          transports.set(id, created);
        },
      });
      created.onclose = () => {
        if (created.sessionId) transports.delete(created.sessionId);
      };
      await makeServer().connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    headers,
    methods,
    cancelled,
    started,
    close: async () => {
      for (const t of transports.values()) await t.close().catch(() => {});
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
