import { writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));

/** The stdio entry of `@modelcontextprotocol/server-everything` (a real MCP server from npm). */
export const EVERYTHING_SERVER = join(
  packageDir,
  "node_modules/@modelcontextprotocol/server-everything/dist/index.js",
);

/** Writes an MCP config file (the `mcpServers` format) and returns its path. */
export async function writeMcpConfig(
  dir: string,
  servers: Record<string, unknown>,
  fileName = "mcp.json",
): Promise<string> {
  const path = join(dir, fileName);
  await writeFile(path, JSON.stringify({ mcpServers: servers }, null, 2));
  return path;
}

/** The config entry that starts server-everything over stdio with this Node. */
export function everythingServer(): Record<string, unknown> {
  return { command: process.execPath, args: [EVERYTHING_SERVER, "stdio"] };
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls `condition` every 20 ms until it holds; rejects after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 20_000, what = "condition") {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
