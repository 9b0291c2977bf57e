// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the ${VAR} expansion of MCP configs is under test.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../test/cli-process.js";
import { CliError } from "../cli-error.js";
import { loadMcpConfig, parseMcpConfig } from "./mcp-config.js";

const FILE = "/cfg/mcp.json";

function errorOf(json: unknown, env: NodeJS.ProcessEnv = {}): string {
  try {
    parseMcpConfig(json, FILE, env);
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    return (error as Error).message;
  }
  throw new Error("expected an error");
}

describe("parseMcpConfig", () => {
  it("reads stdio and HTTP servers in the format other MCP clients use", () => {
    const servers = parseMcpConfig(
      {
        mcpServers: {
          fs: {
            command: "npx",
            args: ["-y", "@modelcontextprotocol/server-filesystem", "${HOME}/notes"],
            env: { LOG: "${LOG_LEVEL:-warn}" },
            cwd: "servers",
            alwaysAllow: ["read_file"],
          },
          api: { url: "https://example.com/mcp", headers: { Authorization: "Bearer ${TOKEN}" } },
          legacy: { url: "http://127.0.0.1:3001/sse" },
          vscode: { type: "sse", url: "http://127.0.0.1:3001/events" },
          http: { type: "http", url: "http://127.0.0.1:3001/sse" },
          off: { command: "nope", disabled: true },
        },
      },
      FILE,
      { HOME: "/home/me", TOKEN: "t0k" },
    );
    expect(servers).toEqual([
      {
        name: "fs",
        kind: "stdio",
        command: "npx",
        args: ["-y", "@modelcontextprotocol/server-filesystem", "/home/me/notes"],
        env: { LOG: "warn" },
        cwd: "/cfg/servers",
      },
      {
        name: "api",
        kind: "http",
        transport: "streamable_http",
        url: "https://example.com/mcp",
        headers: { Authorization: "Bearer t0k" },
      },
      { name: "legacy", kind: "http", transport: "sse", url: "http://127.0.0.1:3001/sse" },
      { name: "vscode", kind: "http", transport: "sse", url: "http://127.0.0.1:3001/events" },
      {
        name: "http",
        kind: "http",
        transport: "streamable_http",
        url: "http://127.0.0.1:3001/sse",
      },
    ]);
  });

  it("names the bad field in one line", () => {
    expect(errorOf({ servers: {} })).toMatch(
      /^invalid MCP config \/cfg\/mcp.json: mcpServers: .*expected \{"mcpServers"/,
    );
    expect(errorOf({ mcpServers: { a: {} } })).toContain(
      'mcpServers.a: needs "command" (a program to start, with "args" and "env") or "url"',
    );
    expect(errorOf({ mcpServers: { a: { command: "x", args: "y" } } })).toMatch(
      /mcpServers\.a\.args: .*array/,
    );
    expect(errorOf({ mcpServers: { a: { command: "x", env: { N: 1 } } } })).toMatch(
      /mcpServers\.a\.env\.N: .*string/,
    );
    expect(errorOf({ mcpServers: { a: { url: "ftp://x" } } })).toContain(
      'mcpServers.a.url: expected an http(s):// URL, got "ftp://x"',
    );
    expect(
      errorOf({ mcpServers: { a: { url: "http://x", transport: "carrier-pigeon" } } }),
    ).toMatch(/mcpServers\.a\.transport: expected one of/);
    expect(errorOf({ mcpServers: { a: { command: "x", type: "sse" } } })).toContain(
      '"command" runs over stdio, but the transport is "sse"',
    );
    expect(
      errorOf({ mcpServers: { a: { url: "http://x", headers: { A: "${MISSING}" } } } }),
    ).toContain("mcpServers.a.headers.A uses ${MISSING}, which is not set in the environment");
  });
});

describe("loadMcpConfig", () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    dir = await tempDir();
  });
  afterAll(async () => {
    await dir.cleanup();
  });

  it("reads a file, and says when it is missing or not JSON", async () => {
    const good = join(dir.path, "good.json");
    await writeFile(good, JSON.stringify({ mcpServers: { e: { command: "node" } } }));
    expect(await loadMcpConfig(good, {})).toEqual([
      { name: "e", kind: "stdio", command: "node", args: [] },
    ]);
    const bad = join(dir.path, "bad.json");
    await writeFile(bad, "{ mcpServers: ");
    await expect(loadMcpConfig(bad, {})).rejects.toThrow(
      /^invalid MCP config .*bad\.json: not valid JSON/,
    );
    await expect(loadMcpConfig(join(dir.path, "none.json"), {})).rejects.toThrow(
      /none\.json not found: check --mcp-config/,
    );
  });

  it("reads trusted: true on stdio and HTTP servers", () => {
    const servers = parseMcpConfig(
      {
        mcpServers: {
          local: { command: "x", trusted: true },
          remote: { url: "http://127.0.0.1:1/mcp", trusted: true },
          plain: { command: "y" },
        },
      },
      FILE,
      {},
    );
    expect(servers.map((s) => [s.name, s.trusted ?? false])).toEqual([
      ["local", true],
      ["remote", true],
      ["plain", false],
    ]);
    expect(errorOf({ mcpServers: { bad: { command: "x", trusted: "yes" } } })).toMatch(
      /mcpServers\.bad\.trusted/,
    );
  });
});
