import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import { CliError, EXIT } from "../cli-error.js";

/** An MCP server started as a child process and spoken to over stdio. */
export interface StdioServerConfig {
  name: string;
  kind: "stdio";
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** Its tools run without asking (`"trusted": true`). */
  trusted?: boolean;
}

/** An MCP server reached over HTTP (Streamable HTTP or the older SSE transport). */
export interface HttpServerConfig {
  name: string;
  kind: "http";
  transport: "streamable_http" | "sse";
  url: string;
  headers?: Record<string, string>;
  /** Its tools run without asking (`"trusted": true`). */
  trusted?: boolean;
}

/** One MCP server of the config file. */
export type McpServerConfig = StdioServerConfig | HttpServerConfig;

const stringMap = z.record(z.string(), z.string());
const TRANSPORTS = ["stdio", "http", "streamable-http", "streamable_http", "streamableHttp", "sse"];
const transportName = z.string().refine((t) => TRANSPORTS.includes(t), {
  message: `expected one of ${TRANSPORTS.map((t) => `"${t}"`).join(", ")}`,
});

// Other clients add their own keys (alwaysAllow, timeout…): they are allowed and ignored.
const stdioSchema = z.looseObject({
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  env: stringMap.optional(),
  cwd: z.string().optional(),
});
const httpSchema = z.looseObject({
  url: z.string().min(1),
  headers: stringMap.optional(),
});
const entrySchema = z.looseObject({
  type: transportName.optional(),
  transport: transportName.optional(),
  disabled: z.boolean().optional(),
  trusted: z.boolean().optional(),
});
const fileSchema = z.looseObject({ mcpServers: z.record(z.string(), z.unknown()) });

function configError(file: string, message: string): CliError {
  return new CliError(`invalid MCP config ${file}: ${message}`, { exitCode: EXIT.usage });
}

function firstIssue(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0];
  if (!issue) return `${prefix}: invalid`;
  const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
  return `${path}: ${issue.message}`;
}

// Replaces ${VAR} and ${VAR:-default} with values from `env`, as other MCP clients do.
function expand(value: string, env: NodeJS.ProcessEnv, where: string, file: string): string {
  return value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
    (_m, name: string, dflt) => {
      const found = env[name];
      if (found !== undefined && found !== "") return found;
      if (dflt !== undefined) return dflt as string;
      throw configError(file, `${where} uses \${${name}}, which is not set in the environment`);
    },
  );
}

function expandMap(
  map: Record<string, string> | undefined,
  env: NodeJS.ProcessEnv,
  where: string,
  file: string,
): Record<string, string> | undefined {
  if (!map) return undefined;
  return Object.fromEntries(
    Object.entries(map).map(([k, v]) => [k, expand(v, env, `${where}.${k}`, file)]),
  );
}

/**
 * Checks an MCP config (the `{"mcpServers": {...}}` format of Claude Desktop, Cursor, VS Code…)
 * and returns its servers: `command`/`args`/`env`/`cwd` entries run over stdio, `url`/`headers`
 * entries over HTTP (`transport` or `type` `"sse"` for SSE, else Streamable HTTP; a URL ending in
 * `/sse` means SSE too). `${VAR}` and `${VAR:-default}` are expanded from `env`; entries with
 * `"disabled": true` are skipped; `"trusted": true` lets a server's tools run without asking; a
 * relative `cwd` is relative to the file. `file` names the file
 * in errors, which are one line naming the bad field.
 */
export function parseMcpConfig(
  json: unknown,
  file: string,
  env: NodeJS.ProcessEnv = process.env,
): McpServerConfig[] {
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    throw configError(
      file,
      `${firstIssue(parsed.error, "")} (expected {"mcpServers": {"name": {"command": …} or {"url": …}}})`,
    );
  }
  const servers: McpServerConfig[] = [];
  for (const [name, raw] of Object.entries(parsed.data.mcpServers)) {
    const where = `mcpServers.${name}`;
    const entry = entrySchema.safeParse(raw);
    if (!entry.success) throw configError(file, firstIssue(entry.error, where));
    if (entry.data.disabled) continue;
    const type = entry.data.transport ?? entry.data.type;
    const hasCommand = "command" in entry.data;
    const hasUrl = "url" in entry.data;
    if (!hasCommand && !hasUrl) {
      throw configError(
        file,
        `${where}: needs "command" (a program to start, with "args" and "env") or "url" (an HTTP server, with "headers")`,
      );
    }
    if (hasCommand && type !== "stdio" && type !== undefined) {
      throw configError(
        file,
        `${where}: "command" runs over stdio, but the transport is "${type}"`,
      );
    }
    if (hasCommand) {
      const stdio = stdioSchema.safeParse(raw);
      if (!stdio.success) throw configError(file, firstIssue(stdio.error, where));
      const { command, args, env: serverEnv, cwd } = stdio.data;
      const server: StdioServerConfig = {
        name,
        kind: "stdio",
        command: expand(command, env, `${where}.command`, file),
        args: (args ?? []).map((a, i) => expand(a, env, `${where}.args.${i}`, file)),
      };
      const expandedEnv = expandMap(serverEnv, env, `${where}.env`, file);
      if (expandedEnv) server.env = expandedEnv;
      if (cwd !== undefined)
        server.cwd = resolve(dirname(file), expand(cwd, env, `${where}.cwd`, file));
      if (entry.data.trusted) server.trusted = true;
      servers.push(server);
      continue;
    }
    if (type === "stdio") throw configError(file, `${where}: a "stdio" server needs "command"`);
    const http = httpSchema.safeParse(raw);
    if (!http.success) throw configError(file, firstIssue(http.error, where));
    const url = expand(http.data.url, env, `${where}.url`, file);
    if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) {
      throw configError(
        file,
        `${where}.url: expected an http(s):// URL, got ${JSON.stringify(url)}`,
      );
    }
    const sse = type === "sse" || (type === undefined && /\/sse\/?$/.test(new URL(url).pathname));
    const server: HttpServerConfig = {
      name,
      kind: "http",
      transport: sse ? "sse" : "streamable_http",
      url,
    };
    const headers = expandMap(http.data.headers, env, `${where}.headers`, file);
    if (headers) server.headers = headers;
    if (entry.data.trusted) server.trusted = true;
    servers.push(server);
  }
  return servers;
}

/** Reads and checks the MCP config `file` (see {@link parseMcpConfig}). */
export async function loadMcpConfig(
  file: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<McpServerConfig[]> {
  const path = resolve(file);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new CliError(
      code === "ENOENT"
        ? `MCP config ${path} not found: check --mcp-config`
        : `cannot read MCP config ${path}: ${(error as Error).message}`,
      { exitCode: EXIT.usage, cause: error },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw configError(path, `not valid JSON (${(error as Error).message})`);
  }
  return parseMcpConfig(json, path, env);
}
