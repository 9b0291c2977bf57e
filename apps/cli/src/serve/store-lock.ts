import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { CliError, EXIT } from "../cli-error.js";

/** A held lock: `release()` removes its file (safe to call twice). */
export interface StoreLock {
  readonly path: string;
  release(): void;
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Makes sure one `agentscope serve` at a time uses the SQLite file `dbPath`: its leases live in
 * the process, so two processes on one file could run one session twice. Creates `<dbPath>.lock`
 * holding this process's id; a lock whose process is gone (killed) is taken over. Another live
 * holder is a `CliError` naming its pid, the file and the fix.
 */
export function lockStore(dbPath: string): StoreLock {
  const path = `${dbPath}.lock`;
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      let held = true;
      return {
        path,
        release() {
          if (held) rmSync(path, { force: true });
          held = false;
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number.parseInt(readFileSync(path, "utf8"), 10);
    } catch {
      // Removed meanwhile: try again.
    }
    if (alive(holder)) {
      throw new CliError(
        `another agentscope serve (pid ${holder}) keeps its sessions in ${dbPath}: stop it, or give this one --store OTHER_FILE (one process per SQLite file; for replicas use --redis)`,
        { exitCode: EXIT.failure },
      );
    }
    rmSync(path, { force: true });
  }
  throw new CliError(`cannot take the lock ${path}; remove it if no agentscope serve runs`, {
    exitCode: EXIT.failure,
  });
}
