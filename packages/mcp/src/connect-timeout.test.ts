import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ValidationError } from "@agentscope-ts/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAlive, waitFor } from "./__fixtures__/servers.js";
import { DEFAULT_CONNECT_TIMEOUT_MS } from "./connect-timeout.js";
import { HttpStatefulClient } from "./http-stateful-client.js";
import { HttpStatelessClient } from "./http-stateless-client.js";
import { MCPConnectionError } from "./mcp-connection-error.js";
import { StdIOStatefulClient } from "./stdio-stateful-client.js";

let dir: string;
const pids: number[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mcp-connect-"));
});
afterAll(async () => {
  for (const pid of pids) if (isAlive(pid)) process.kill(pid, "SIGKILL");
  await rm(dir, { recursive: true, force: true });
});

/** A stdio "server" that starts, writes its pid to a file and never speaks MCP. */
function mute(name: string, connectTimeout: number | null) {
  const pidFile = join(dir, `${name}.pid`);
  const client = new StdIOStatefulClient({
    name,
    command: process.execPath,
    args: [
      "-e",
      "require('fs').writeFileSync(process.argv[1], String(process.pid)); setInterval(() => {}, 1000);",
      pidFile,
    ],
    stderr: "ignore",
    connectTimeout,
  });
  const pid = async () => {
    // The file exists (empty) before the pid is written: wait for the pid itself. An empty read
    // is Number("") = 0, and killing pid 0 would kill this test's whole process group.
    const read = () => (existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8")) : 0);
    await waitFor(() => read() > 0, "the mute server to write its pid");
    const value = read();
    pids.push(value);
    return value;
  };
  return { client, pid };
}

/** An HTTP server on 127.0.0.1 that counts requests and answers none (`silent`) or only with SSE headers (`stall`). */
async function hangingServer(mode: "silent" | "stall") {
  const requests: string[] = [];
  const held: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests.push(`${req.method} ${req.url}`);
    held.push(res);
    if (mode === "stall") {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.flushHeaders();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("connectTimeout", () => {
  it("defaults to 30 000 ms, takes null, and rejects bad values with a ValidationError", () => {
    expect(DEFAULT_CONNECT_TIMEOUT_MS).toBe(30_000);
    expect(new StdIOStatefulClient({ name: "a", command: "x" }).connectTimeout).toBe(30_000);
    expect(
      new StdIOStatefulClient({ name: "a", command: "x", connectTimeout: null }).connectTimeout,
    ).toBeNull();
    for (const bad of [0, -5, "10"]) {
      expect(
        () =>
          new HttpStatefulClient({
            name: "h",
            transport: "sse",
            url: "http://127.0.0.1:1/sse",
            connectTimeout: bad as number,
          }),
      ).toThrow(ValidationError);
    }
    expect(() => new StdIOStatefulClient({ name: "a", command: "x", maxMessageBytes: 0 })).toThrow(
      /maxMessageBytes/,
    );
  });

  it("stops a stdio server that never speaks MCP and names the server and the limit", async () => {
    const { client, pid } = mute("mute", 1500);
    const connecting = client.connect();
    const serverPid = await pid();
    // While connecting, the client knows its process.
    expect(client.isConnecting).toBe(true);
    expect(client.pid).toBe(serverPid);
    const error = await connecting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MCPConnectionError);
    expect((error as Error).message).toMatch(
      /^Cannot connect to the MCP server 'mute': no answer within its connectTimeout of 1500 ms \(starting it, the initialize handshake and listing its tools\)/,
    );
    expect((error as MCPConnectionError).retryable).toBe(true);
    expect(client.isConnected).toBe(false);
    expect(client.isConnecting).toBe(false);
    expect(client.pid).toBeNull();
    await waitFor(() => !isAlive(serverPid), "the mute server to be stopped");
  }, 30_000);

  it("close() while connecting aborts the connect and stops the process", async () => {
    const { client, pid } = mute("closing", null);
    const connecting = client.connect().catch((e: unknown) => e);
    const serverPid = await pid();
    expect(isAlive(serverPid)).toBe(true);
    await client.close();
    const error = await connecting;
    expect(error).toBeInstanceOf(MCPConnectionError);
    expect((error as Error).message).toMatch(/'closing' was closed while connecting/);
    expect(client.isConnecting).toBe(false);
    await waitFor(() => !isAlive(serverPid), "the stdio server to be stopped");
    // Closing again is the usual "not connected" error: nothing is left half-open.
    await expect(client.close()).rejects.toThrow(/not connected/);
  }, 30_000);

  describe.each(["streamable_http", "sse"] as const)("over %s", (transport) => {
    const path = transport === "sse" ? "/sse" : "/mcp";

    it("bounds a server that accepts and never answers", async () => {
      const server = await hangingServer("silent");
      try {
        const client = new HttpStatefulClient({
          name: "silent",
          transport,
          url: `http://127.0.0.1:${server.port}${path}`,
          connectTimeout: 1500,
        });
        const error = await client.connect().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(MCPConnectionError);
        expect((error as Error).message).toMatch(
          /^Cannot connect to the MCP server 'silent': no answer within its connectTimeout of 1500 ms/,
        );
        expect(client.isConnected).toBe(false);
        expect(server.requests.length).toBeGreaterThanOrEqual(1);
        expect(server.requests[0]).toMatch(new RegExp(`^(GET|POST) ${path}$`));
      } finally {
        await server.close();
      }
    }, 30_000);

    it("ends a pending initialize at the sseReadTimeout even without a connectTimeout", async () => {
      const server = await hangingServer("stall");
      try {
        const client = new HttpStatefulClient({
          name: "stalled",
          transport,
          url: `http://127.0.0.1:${server.port}${path}`,
          sseReadTimeout: 1000,
          connectTimeout: null,
        });
        const error = await client.connect().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(MCPConnectionError);
        expect((error as Error).message).toMatch(
          /^Cannot connect to the MCP server 'stalled': .*silent for more than 1000 ms \(the client's sseReadTimeout\)/,
        );
        expect(client.isConnected).toBe(false);
      } finally {
        await server.close();
      }
    }, 30_000);
  });

  it("bounds each session of a stateless client", async () => {
    const server = await hangingServer("silent");
    try {
      const client = new HttpStatelessClient({
        name: "stateless",
        transport: "streamable_http",
        url: `http://127.0.0.1:${server.port}/mcp`,
        connectTimeout: 1000,
      });
      await expect(client.listTools()).rejects.toThrow(
        /'stateless': no answer within its connectTimeout of 1000 ms/,
      );
    } finally {
      await server.close();
    }
  }, 30_000);
});
