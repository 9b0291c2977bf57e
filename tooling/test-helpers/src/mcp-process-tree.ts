import { existsSync, readFileSync } from "node:fs";

/**
 * The stdio MCP server of {@link processTreeServer}, run with `node -e`. It spawns a grandchild
 * that shares its stdin/stdout/stderr (as `sh -c` and `npx` do), writes both pids to a file, and
 * keeps running when its stdin ends. `silent` reads stdin and never answers; `answer` speaks just
 * enough MCP (initialize, ping, tools/list with one tool `hang`, whose calls never end).
 */
const SCRIPT = `
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const [pidFile, mode, stubborn] = process.argv.slice(1);
const ignoreTerm = stubborn === "ignore-sigterm" ? "process.on('SIGTERM', () => {}); " : "";
if (ignoreTerm) process.on("SIGTERM", () => {});
const grandchild = spawn(process.execPath, ["-e", ignoreTerm + "setInterval(() => {}, 1000)"], { stdio: "inherit" });
fs.writeFileSync(pidFile + ".tmp", JSON.stringify({ server: process.pid, grandchild: grandchild.pid }));
fs.renameSync(pidFile + ".tmp", pidFile);
setInterval(() => {}, 1000);
const answer = (id, result) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id, result }) + "\\n");
let buffered = "";
process.stdin.on("data", (chunk) => {
  if (mode !== "answer") return;
  buffered += chunk;
  let end;
  while ((end = buffered.indexOf("\\n")) >= 0) {
    const message = JSON.parse(buffered.slice(0, end));
    buffered = buffered.slice(end + 1);
    if (message.method === "initialize") {
      answer(message.id, {
        protocolVersion: message.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: "process-tree", version: "1.0.0" },
      });
    } else if (message.method === "ping") answer(message.id, {});
    else if (message.method === "tools/list") {
      answer(message.id, {
        tools: [{ name: "hang", description: "Never returns.", inputSchema: { type: "object", properties: {} } }],
      });
    }
  }
});
process.stdin.on("end", () => {});
`;

/** The pids a {@link processTreeServer} wrote. */
export interface ProcessTreePids {
  /** The server process the MCP client started. */
  server: number;
  /** The process the server started in turn. */
  grandchild: number;
}

/**
 * The `command` and `args` of a stdio MCP server with a child of its own, which writes
 * {@link ProcessTreePids} as JSON to `pidFile` once both run and ignores the end of its stdin
 * (it stops only when signalled). `mode`: `"silent"` never answers `initialize`; `"answer"`
 * connects and offers one tool, `hang`, that never returns. With `ignoreSigterm`, both processes
 * ignore SIGTERM (only SIGKILL stops them).
 */
export function processTreeServer(
  pidFile: string,
  mode: "silent" | "answer",
  options: { ignoreSigterm?: boolean } = {},
): { command: string; args: string[] } {
  const stubborn = options.ignoreSigterm ? "ignore-sigterm" : "";
  return { command: process.execPath, args: ["-e", SCRIPT, pidFile, mode, stubborn] };
}

/** Whether `pid` runs (a zombie, exited but not yet reaped by its parent, counts as gone). */
export function isProcessRunning(pid: number): boolean {
  // kill(0) and kill(-n) signal process groups (this test's own, for 0): only real pids here.
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`not a process id: ${pid}`);
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] !== "Z";
  } catch {
    return false;
  }
}

/** Polls `check` every 25 ms until it holds; rejects naming `what` after `timeoutMs`. */
async function pollUntil(check: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits (bounded poll, default 30 s) until `pidFile` holds the pids, and returns them. */
export async function readProcessTreePids(
  pidFile: string,
  timeoutMs = 30_000,
): Promise<ProcessTreePids> {
  // The file may exist before its JSON is complete: poll until it parses.
  let pids: ProcessTreePids | undefined;
  await pollUntil(
    () => {
      if (!existsSync(pidFile)) return false;
      try {
        pids = JSON.parse(readFileSync(pidFile, "utf8")) as ProcessTreePids;
        return true;
      } catch {
        return false;
      }
    },
    `the MCP server to write ${pidFile}`,
    timeoutMs,
  );
  return pids as ProcessTreePids;
}

/**
 * Waits (bounded poll, default 10 s) until none of `pids` runs; rejects naming those still
 * running. Use it after the process that should have stopped them has exited.
 */
export async function waitUntilGone(pids: readonly number[], timeoutMs = 10_000): Promise<void> {
  const running = () => pids.filter(isProcessRunning);
  await pollUntil(
    () => running().length === 0,
    `the processes ${pids.join(", ")} to be gone`,
    timeoutMs,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; still running: ${running().join(", ")}`);
  });
}

/** Sends SIGKILL to every pid of `pids` still running (for afterAll, so a failed test leaks nothing). */
export function killLeftovers(pids: readonly number[]): void {
  for (const pid of pids) if (isProcessRunning(pid)) process.kill(pid, "SIGKILL");
}
