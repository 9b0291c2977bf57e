import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CliError } from "../cli-error.js";
import { lockStore } from "./store-lock.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "store-lock-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("lockStore", () => {
  it("writes <file>.lock with this pid and removes it on release", async () => {
    const db = join(dir, "a", "sessions.db");
    const lock = lockStore(db);
    expect(lock.path).toBe(`${db}.lock`);
    expect(await readFile(lock.path, "utf8")).toBe(`${process.pid}\n`);
    lock.release();
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it("refuses while another live process holds the file, naming it, its pid and the fix", async () => {
    const db = join(dir, "b.db");
    await writeFile(`${db}.lock`, `${process.ppid}\n`); // our parent: alive
    let error: unknown;
    try {
      lockStore(db);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toBe(
      `another agentscope serve (pid ${process.ppid}) keeps its sessions in ${db}: stop it, or give this one --store OTHER_FILE (one process per SQLite file; for replicas use --redis)`,
    );
    expect(await readFile(`${db}.lock`, "utf8")).toBe(`${process.ppid}\n`);
  });

  it("takes over the lock of a process that is gone (killed)", async () => {
    const db = join(dir, "c.db");
    const gone = spawnSync(process.execPath, ["-e", ""]).pid as number;
    await writeFile(`${db}.lock`, `${gone}\n`);
    const lock = lockStore(db);
    expect(await readFile(lock.path, "utf8")).toBe(`${process.pid}\n`);
    lock.release();
  });
});
