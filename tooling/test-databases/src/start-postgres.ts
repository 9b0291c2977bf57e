import { execFileSync, spawn } from "node:child_process";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findBinary, postgresBinDirs } from "./find-binary.js";
import { freePort } from "./free-port.js";

/** A PostgreSQL server started by {@link startPostgres}. */
export interface RunningPostgres {
  /** The loopback port it listens on. */
  port: number;
  /** `postgres://postgres@127.0.0.1:PORT/postgres` (trust authentication). */
  connectionString: string;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

function run(cmd: string, args: string[], asUser: string | null): Promise<string> {
  const [file, argv] = asUser ? ["runuser", ["-u", asUser, "--", cmd, ...args]] : [cmd, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} exited with ${code}:\n${out}`)),
    );
  });
}

/**
 * Starts a real, throw-away PostgreSQL cluster (initdb + pg_ctl, trust auth, no fsync) in a temp
 * folder on a free 127.0.0.1 port. As root it runs the server as the `postgres` user (initdb
 * refuses root).
 */
export async function startPostgres(): Promise<RunningPostgres> {
  const binDirs = postgresBinDirs();
  const initdb = findBinary("initdb", binDirs);
  const pgCtl = findBinary("pg_ctl", binDirs);
  const asUser = process.getuid?.() === 0 ? "postgres" : null;
  const dir = await mkdtemp(join(tmpdir(), "as-postgres-"));
  if (asUser) {
    const uid = Number(execFileSync("id", ["-u", asUser]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", asUser]).toString().trim());
    await chown(dir, uid, gid);
  }
  const data = join(dir, "data");
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
  ].join(" ");
  try {
    await run(initdb, ["-D", data, "-A", "trust", "-U", "postgres", "-N", "-E", "UTF8"], asUser);
    await run(
      pgCtl,
      ["-D", data, "-l", join(dir, "log"), "-w", "-t", "60", "-o", options, "start"],
      asUser,
    );
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await run(pgCtl, ["-D", data, "-m", "immediate", "-w", "stop"], asUser).catch(
        () => undefined,
      );
      await rm(dir, { recursive: true, force: true });
    },
  };
}
