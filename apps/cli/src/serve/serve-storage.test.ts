import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@agentscope-ts/test-databases";
import { describe, expect, it } from "vitest";
import { CliError, EXIT } from "../cli-error.js";
import { defaultServeStore, openStorage, planStorage } from "./serve-storage.js";

const env = { AGENTSCOPE_HOME: "/srv/agents" };

function usageError(run: () => unknown): CliError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(EXIT.usage);
    return error as CliError;
  }
  throw new Error("expected a usage error");
}

describe("planStorage", () => {
  it("defaults to SQLite in the agent home; --store and --in-memory choose otherwise", () => {
    expect(planStorage({}, env, "/work")).toEqual({
      kind: "sqlite",
      path: join("/srv/agents", "server", "sessions.db"),
      flag: "default",
    });
    expect(defaultServeStore(env)).toBe("/srv/agents/server/sessions.db");
    expect(planStorage({ store: "s.db" }, env, "/work")).toEqual({
      kind: "sqlite",
      path: "/work/s.db",
      flag: "--store",
    });
    expect(planStorage({ inMemory: true }, env, "/work")).toEqual({ kind: "memory" });
  });

  it("puts checkpoints in PostgreSQL alone or behind Redis", () => {
    const pg = "postgres://agents:pw@db:5432/agents";
    expect(planStorage({ postgres: pg }, env, "/")).toEqual({
      kind: "postgres",
      url: pg,
      source: "--postgres",
    });
    expect(planStorage({ postgres: pg, redis: "rediss://cache:6380" }, env, "/")).toEqual({
      kind: "redis",
      url: "rediss://cache:6380",
      source: "--redis",
      postgres: { url: pg, source: "--postgres" },
    });
  });

  it("takes the URLs from AGENTSCOPE_REDIS_URL / AGENTSCOPE_POSTGRES_URL when the flags are absent", () => {
    const fromEnv = {
      ...env,
      AGENTSCOPE_REDIS_URL: "redis://r:6379",
      AGENTSCOPE_POSTGRES_URL: "postgresql://p/db",
    };
    expect(planStorage({}, fromEnv, "/")).toEqual({
      kind: "redis",
      url: "redis://r:6379",
      source: "AGENTSCOPE_REDIS_URL (--redis)",
      postgres: { url: "postgresql://p/db", source: "AGENTSCOPE_POSTGRES_URL (--postgres)" },
    });
    // A flag wins over its variable.
    expect(planStorage({ redis: "redis://flag:1" }, fromEnv, "/")).toMatchObject({
      url: "redis://flag:1",
      source: "--redis",
    });
  });

  it("refuses conflicting choices, naming the flags and the fix", () => {
    expect(usageError(() => planStorage({ inMemory: true, store: "x.db" }, env, "/")).message).toBe(
      "--in-memory keeps nothing on disk or in a database, so it cannot go with --store: drop one or the other (see agentscope serve --help)",
    );
    expect(
      usageError(() =>
        planStorage({ inMemory: true }, { AGENTSCOPE_POSTGRES_URL: "postgres://h/d" }, "/"),
      ).message,
    ).toContain("cannot go with AGENTSCOPE_POSTGRES_URL (--postgres)");
    expect(
      usageError(() => planStorage({ store: "x.db", redis: "redis://h" }, env, "/")).message,
    ).toContain("--store is the one-node SQLite file; --redis already chose");
    expect(
      usageError(() => planStorage({ store: "x.db", postgres: "postgres://h/d" }, env, "/"))
        .message,
    ).toContain("give one of them");
    expect(usageError(() => planStorage({ store: " " }, env, "/")).message).toContain(
      "--store takes a file path",
    );
  });

  it("refuses malformed URLs, naming the flag, an example, and masking a password", () => {
    const pg = usageError(() => planStorage({ postgres: "mysql://u:hunter2@h/db" }, env, "/"));
    expect(pg.message).toContain(
      "--postgres takes a postgres:// or postgresql:// URL such as postgres://user@db.example.com:5432/agents",
    );
    expect(pg.message).toContain("got 'mysql://***@h/db'");
    expect(pg.message).not.toContain("hunter2");
    expect(usageError(() => planStorage({ redis: "localhost:6379" }, env, "/")).message).toContain(
      "--redis takes a redis:// or rediss:// URL such as redis://127.0.0.1:6379, got 'localhost:6379'",
    );
    expect(
      usageError(() => planStorage({}, { AGENTSCOPE_REDIS_URL: "redis://" }, "/")).message,
    ).toContain("AGENTSCOPE_REDIS_URL (--redis) takes a redis://");
  });
});

describe("openStorage", () => {
  it("stops at start when PostgreSQL does not answer, naming the flag and masking the password", async () => {
    const port = await freePort();
    const url = `postgres://agents:hunter2@127.0.0.1:${port}/agents`;
    const error = await openStorage(planStorage({ postgres: url }, env, "/")).catch((e) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(EXIT.failure);
    expect(error.message).toMatch(
      /^cannot open the service's storage \(--postgres\): .*PostgreSQL/,
    );
    expect(error.message).toMatch(
      /the connection to PostgreSQL at postgres:\/\/\*\*\*@127\.0\.0\.1:\d+\/agents failed \(connect ECONNREFUSED [\d.:]+\)/,
    );
    expect(error.message).toContain(`127.0.0.1:${port}`);
    expect(error.message).toMatch(
      /; check the URL \(host, port, user, password, database\) and that PostgreSQL is running$/,
    );
    expect(error.message).not.toContain("hunter2");
  });

  it("stops at start when Redis does not answer", async () => {
    const port = await freePort();
    const error = await openStorage(
      planStorage({ redis: `redis://127.0.0.1:${port}` }, env, "/"),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(CliError);
    expect(error.message).toMatch(
      /^cannot open the service's storage \(--redis\): .*the connection to Redis at redis:\/\/127\.0\.0\.1:\d+ failed \(connect ECONNREFUSED [\d.:]+\).*; check the URL \(host, port, password\) and that Redis is running$/,
    );
    expect(error.message).toContain(`127.0.0.1:${port}`);
  });

  it("names the file when the SQLite store cannot be created", async () => {
    // A folder path through a regular file: mkdir fails (ENOTDIR).
    const dir = await mkdtemp(join(tmpdir(), "serve-storage-"));
    await writeFile(join(dir, "file"), "");
    const path = join(dir, "file", "sessions.db");
    const error = await openStorage(planStorage({ store: path }, env, "/")).catch((e) => e);
    await rm(dir, { recursive: true, force: true });
    expect(error).toBeInstanceOf(CliError);
    expect(error.message).toContain("(--store)");
    expect(error.message).toContain(`check that ${path} can be written`);
  });
});
