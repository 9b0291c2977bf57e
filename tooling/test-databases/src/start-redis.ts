import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findBinary } from "./find-binary.js";
import { freePort, waitForPort } from "./free-port.js";

/** A redis-server started by {@link startRedis}. */
export interface RunningRedis {
  /** The loopback port it listens on. */
  port: number;
  /** `redis://127.0.0.1:PORT`. */
  url: string;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
  /** Kills the server at once (SIGKILL, as a crash) and waits for it to exit; `stop()` still cleans up. */
  kill(): Promise<void>;
}

/** Waits for `child` to exit, killing it hard after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Starts a real, throw-away `redis-server` (no persistence) on a free 127.0.0.1 port. */
export async function startRedis(): Promise<RunningRedis> {
  const bin = findBinary("redis-server");
  const dir = await mkdtemp(join(tmpdir(), "as-redis-"));
  const port = await freePort();
  const child = spawn(
    bin,
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--dir",
      dir,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    await Promise.race([
      waitForPort(port),
      new Promise((_, reject) =>
        child.once("exit", (code) => reject(new Error(`redis-server exited (${code}): ${stderr}`))),
      ),
    ]);
  } catch (error) {
    await stopChild(child);
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      await stopChild(child);
      await rm(dir, { recursive: true, force: true });
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGKILL");
      await exited;
    },
  };
}
