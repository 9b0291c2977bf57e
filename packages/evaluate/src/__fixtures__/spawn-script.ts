import { type ChildProcess, spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { bundleScript } from "@agentscope-ts/test-databases";

/** A script running in a child process, with its stdout read line by line. */
export interface SpawnedScript {
  child: ChildProcess;
  /** Every stdout line so far. */
  lines: string[];
  /** Resolves with the first line (seen or coming) matching `test`; rejects after `timeoutMs` or on exit. */
  waitForLine(test: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

/**
 * Bundles a TypeScript script with `bundleScript` (packages stay imports of their built dist; this
 * package's own files are bundled from src) and runs it in a child Node process with `env`.
 */
export async function spawnScript(file: string, env: Record<string, string>): Promise<SpawnedScript> {
  const out = await bundleScript(file);
  const child = spawn(process.execPath, [out], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let buffer = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split("\n");
    buffer = parts.pop() ?? "";
    lines.push(...parts);
    for (const wake of waiters) wake();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => {
    child.once("exit", (code, signal) => {
      for (const wake of waiters) wake();
      void rm(out, { force: true });
      resolve({ code, signal, stderr });
    });
  });
  return {
    child,
    lines,
    exited,
    waitForLine(test, timeoutMs = 20_000) {
      return new Promise<string>((resolve, reject) => {
        const check = () => {
          const found = lines.find(test);
          if (found !== undefined) return finish(() => resolve(found));
          if (child.exitCode !== null || child.signalCode !== null) {
            finish(() => reject(new Error(`script exited (${child.exitCode ?? child.signalCode}) before the line; stderr: ${stderr}`)));
          }
        };
        const timer = setTimeout(() => finish(() => reject(new Error(`no matching line within ${timeoutMs} ms; lines: ${lines.join(" | ")}; stderr: ${stderr}`))), timeoutMs);
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        waiters.add(check);
        check();
      });
    },
  };
}
