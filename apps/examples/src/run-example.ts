import { spawn } from "node:child_process";
import { dirname, resolve as resolvePath } from "node:path";
import { fileURLToPath } from "node:url";

/** What a finished example printed and how it exited. */
export interface ExampleRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Runs `file` (a path under src/, or an absolute path) with this Node and `args`, with `env` added
 * to the environment; resolves when it exits, killing it after `timeoutMs` (default 100 s).
 */
export function runExample(
  file: string,
  args: readonly string[] = [],
  env: Record<string, string> = {},
  timeoutMs = 100_000,
): Promise<ExampleRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [resolvePath(here, file), ...args], {
      env: { ...process.env, NO_COLOR: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
