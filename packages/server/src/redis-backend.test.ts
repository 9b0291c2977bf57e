import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StorageConnectionError } from "@agentscope-ts/core";
import {
  type RunningPostgres,
  type RunningRedis,
  startPostgres,
  startRedis,
} from "@agentscope-ts/test-databases";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Checkpoint, ServiceBackend } from "./backend.js";
import { InMemoryBackend } from "./in-memory-backend.js";
import { PostgresCheckpointStore } from "./postgres-checkpoint-store.js";
import { RedisBackend } from "./redis-backend.js";
import { SqliteCheckpointStore } from "./sqlite-checkpoint-store.js";

let redis: RunningRedis;
let postgres: RunningPostgres;
let dir: string;
beforeAll(async () => {
  [redis, postgres, dir] = await Promise.all([
    startRedis(),
    startPostgres(),
    mkdtemp(join(tmpdir(), "as-server-")),
  ]);
});
afterAll(async () => {
  await redis?.stop();
  await postgres?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const key = { userId: "u:1", sessionId: "s-1" };
const cp = (n: number): Checkpoint => ({
  agentName: "a",
  agent: { n },
  run: { status: "running", runId: "r", pending: [] },
});

describe.each([
  ["InMemoryBackend", () => new InMemoryBackend()],
  ["RedisBackend", () => new RedisBackend({ url: redis.url, keyPrefix: `f${Math.random()}:` })],
  [
    "RedisBackend + PostgresCheckpointStore",
    () => {
      const tag = String(Math.random()).slice(2);
      return new RedisBackend({
        url: redis.url,
        keyPrefix: `p${tag}:`,
        checkpoints: new PostgresCheckpointStore({
          connectionString: postgres.connectionString,
          table: `fence_${tag}`,
        }),
      });
    },
  ],
] as [string, () => ServiceBackend][])("%s fencing", (_name, make) => {
  it("grants one lease at a time and refuses every write under a stale token", async () => {
    const b = make();
    try {
      const first = await b.acquireLease(key, "r1", 60_000);
      expect(first).toBe(1);
      expect(await b.acquireLease(key, "r2", 60_000)).toBeNull();
      expect(await b.appendEvent(key, 1, { runId: "r", type: "x", data: { i: 1 } })).not.toBeNull();
      expect(await b.saveCheckpoint(key, 1, cp(1))).toBe(true);
      // The lease passes on (its holder was presumed dead): the old token can write nothing.
      await b.releaseLease(key, 1);
      const second = await b.acquireLease(key, "r2", 60_000);
      expect(second).toBe(2);
      expect(await b.appendEvent(key, 1, { runId: "r", type: "stale", data: {} })).toBeNull();
      expect(await b.saveCheckpoint(key, 1, cp(99))).toBe(false);
      expect(await b.renewLease(key, 1, 60_000)).toBe(false);
      expect(await b.deleteSession(key, 1)).toBe(false);
      expect(await b.renewLease(key, 2, 60_000)).toBe(true);
      await b.appendEvent(key, 2, { runId: "r", type: "y", data: { i: 2 } });
      const events = await b.readEvents(key, "0", { blockMs: 0, count: 10 });
      expect(events.map((e) => [e.type, e.fence])).toEqual([
        ["x", 1],
        ["y", 2],
      ]);
      expect((await b.loadCheckpoint(key))?.agent).toEqual({ n: 1 });
      expect(await b.fenceLog(key)).toEqual([
        { token: 1, replicaId: "r1" },
        { token: 2, replicaId: "r2" },
      ]);
      // An interrupt request reaches the holder at its next append.
      await b.requestInterrupt(key);
      expect(
        (await b.appendEvent(key, 2, { runId: "r", type: "z", data: {} }))?.interruptRequested,
      ).toBe(true);
      // A blocked reader wakes on the next event.
      const waiting = b.readEvents(key, events[1]?.id as string, { blockMs: 5_000, count: 10 });
      const skip = await b.readEvents(key, events[1]?.id as string, { blockMs: 0, count: 10 });
      expect(skip.map((e) => e.type)).toEqual(["z"]);
      expect((await waiting).map((e) => e.type)).toEqual(["z"]);
      await b.markActive(key);
      expect(await b.listActive(10)).toEqual([key]);
      await b.unmarkActive(key);
      expect(await b.listActive(10)).toEqual([]);
      expect(await b.deleteSession(key, 2)).toBe(true);
      expect(await b.loadCheckpoint(key)).toBeUndefined();
      // The event that ends a run releases the lease in the same step.
      expect(
        await b.appendEvent(key, 2, { runId: "r", type: "end", data: {} }, true),
      ).not.toBeNull();
      expect(await b.appendEvent(key, 2, { runId: "r", type: "late", data: {} })).toBeNull();
      expect(await b.acquireLease(key, "r3", 60_000)).toBe(3);
    } finally {
      await b.close();
    }
  });

  it("lets a lease lapse when it is not renewed", async () => {
    const b = make();
    try {
      const k = { userId: "u", sessionId: "lapse" };
      expect(await b.acquireLease(k, "r1", 50)).not.toBeNull();
      let next: number | null = null;
      for (let i = 0; i < 200 && next === null; i++) {
        await new Promise((r) => setTimeout(r, 20));
        next = await b.acquireLease(k, "r2", 60_000);
      }
      expect(next).toBe(2);
    } finally {
      await b.close();
    }
  });
});

describe.each([
  ["InMemoryBackend", () => new InMemoryBackend()],
  [
    "InMemoryBackend + SqliteCheckpointStore",
    () =>
      new InMemoryBackend({
        checkpoints: new SqliteCheckpointStore({ path: join(dir, `marked-${Math.random()}.db`) }),
      }),
  ],
  ["RedisBackend", () => new RedisBackend({ url: redis.url, keyPrefix: `m${Math.random()}:` })],
  [
    "RedisBackend + PostgresCheckpointStore",
    () => {
      const tag = String(Math.random()).slice(2);
      return new RedisBackend({
        url: redis.url,
        keyPrefix: `n${tag}:`,
        checkpoints: new PostgresCheckpointStore({
          connectionString: postgres.connectionString,
          table: `marked_${tag}`,
        }),
      });
    },
  ],
] as [string, () => ServiceBackend][])("%s one-step backend calls", (_name, make) => {
  it("acquireLeaseAndLoad takes the lease and reads the checkpoint, or refuses while held", async () => {
    const b = make();
    try {
      const k = { userId: "u:3", sessionId: "load" };
      expect(b.acquireLeaseAndLoad).toBeTypeOf("function");
      const first = await b.acquireLeaseAndLoad?.(k, "r1", 60_000);
      expect(first).toEqual({ token: 1, checkpoint: undefined });
      expect(await b.acquireLeaseAndLoad?.(k, "r2", 60_000)).toBeNull();
      expect(await b.saveCheckpoint(k, 1, cp(7))).toBe(true);
      await b.releaseLease(k, 1);
      const second = await b.acquireLeaseAndLoad?.(k, "r2", 60_000);
      expect(second?.token).toBe(2);
      expect(second?.checkpoint).toEqual(cp(7));
      expect(await b.fenceLog(k)).toEqual([
        { token: 1, replicaId: "r1" },
        { token: 2, replicaId: "r2" },
      ]);
      // The old token is fenced out as after acquireLease.
      expect(await b.saveCheckpoint(k, 1, cp(8))).toBe(false);
    } finally {
      await b.close();
    }
  });

  it("finishRun writes the last events, the checkpoint out of the active set and frees the lease, fenced", async () => {
    const b = make();
    try {
      const k = { userId: "u:3", sessionId: "finish" };
      const ev = (type: string) => ({ runId: "r", type, data: { type } });
      const done: Checkpoint = {
        agentName: "a",
        agent: { n: 2 },
        run: { status: "idle", runId: null, pending: [] },
      };
      expect(b.finishRun).toBeTypeOf("function");
      const token = (await b.acquireLease(k, "r1", 60_000)) as number;
      expect(await b.saveCheckpointMarked?.(k, token, cp(1), true)).toBe(true);
      await b.appendEvent(k, token, ev("first"));
      const end = await b.finishRun?.(k, token, done, [ev("reply")], [ev("run_finished")]);
      const events = await b.readEvents(k, "0", { blockMs: 0, count: 10 });
      expect(events.map((e) => [e.type, e.fence, e.data])).toEqual([
        ["first", token, { type: "first" }],
        ["reply", token, { type: "reply" }],
        ["run_finished", token, { type: "run_finished" }],
      ]);
      expect(end?.id).toBe(events[2]?.id);
      expect(await b.loadCheckpoint(k)).toEqual(done);
      expect(await b.listActive(10)).toEqual([]);
      // The lease is free: the next run takes it at once; the old token writes nothing more.
      expect(await b.acquireLease(k, "r2", 60_000)).toBe(token + 1);
      expect(
        await b.finishRun?.(k, token, { ...done, agent: { n: 9 } }, [ev("x")], [ev("y")]),
      ).toBeNull();
      expect(await b.readEvents(k, events[2]?.id as string, { blockMs: 0, count: 10 })).toEqual([]);
      expect((await b.loadCheckpoint(k))?.agent).toEqual({ n: 2 });
    } finally {
      await b.close();
    }
  });

  it("saves a checkpoint and joins or leaves the active set in one fenced step", async () => {
    const b = make();
    try {
      const k = { userId: "u:2", sessionId: "marked" };
      const idle = (n: number): Checkpoint => ({
        agentName: "a",
        agent: { n },
        run: { status: "idle", runId: null, pending: [] },
      });
      expect(b.saveCheckpointMarked).toBeTypeOf("function");
      const token = (await b.acquireLease(k, "r1", 60_000)) as number;
      expect(await b.saveCheckpointMarked?.(k, token, cp(1), true)).toBe(true);
      expect(await b.listActive(10)).toEqual([k]);
      expect((await b.loadCheckpoint(k))?.agent).toEqual({ n: 1 });
      expect(await b.saveCheckpointMarked?.(k, token, idle(2), false)).toBe(true);
      expect(await b.listActive(10)).toEqual([]);
      expect((await b.loadCheckpoint(k))?.run.status).toBe("idle");
      // Under a stale token nothing is written and nothing marked.
      await b.releaseLease(k, token);
      expect(await b.acquireLease(k, "r2", 60_000)).toBe(token + 1);
      expect(await b.saveCheckpointMarked?.(k, token, cp(3), true)).toBe(false);
      expect(await b.listActive(10)).toEqual([]);
      expect((await b.loadCheckpoint(k))?.agent).toEqual({ n: 2 });
    } finally {
      await b.close();
    }
  });
});

describe.each([
  ["RedisBackend", () => new RedisBackend({ url: redis.url, keyPrefix: `b${Math.random()}:` })],
  [
    "RedisBackend + PostgresCheckpointStore",
    () => {
      const tag = String(Math.random()).slice(2);
      return new RedisBackend({
        url: redis.url,
        keyPrefix: `q${tag}:`,
        checkpoints: new PostgresCheckpointStore({
          connectionString: postgres.connectionString,
          table: `batch_${tag}`,
        }),
      });
    },
  ],
] as [string, () => RedisBackend][])("%s batches", (_name, make) => {
  it("appends several events in one fenced step, in order, and releases after the last", async () => {
    const b = make();
    try {
      const k = { userId: "u", sessionId: "batch" };
      expect(await b.hasSession(k)).toBe(false);
      const token = (await b.acquireLease(k, "r1", 60_000)) as number;
      expect(await b.saveCheckpoint(k, token, cp(1))).toBe(true);
      expect(await b.hasSession(k)).toBe(true);
      const batch = ["a", "b", "c"].map((type) => ({ runId: "r", type, data: {} }));
      await b.requestInterrupt(k);
      expect((await b.appendEvents(k, token, batch))?.interruptRequested).toBe(true);
      expect(
        await b.appendEvents(k, token, [{ runId: "r", type: "end", data: {} }], true),
      ).not.toBeNull();
      // Released with the last event: the old token writes nothing, a new lease is granted.
      expect(await b.appendEvents(k, token, batch)).toBeNull();
      expect(await b.acquireLease(k, "r2", 60_000)).toBe(token + 1);
      const events = await b.readEvents(k, "0", { blockMs: 0, count: 10 });
      expect(events.map((e) => [e.type, e.fence])).toEqual([
        ["a", token],
        ["b", token],
        ["c", token],
        ["end", token],
      ]);
      expect(await b.deleteSession(k, token + 1)).toBe(true);
      expect(await b.hasSession(k)).toBe(false);
    } finally {
      await b.close();
    }
  });
});

describe("RedisBackend command timeout", () => {
  it("fails a command Redis accepts but does not answer in time, then works again", async () => {
    const backend = new RedisBackend({
      url: redis.url,
      keyPrefix: `t${Math.random()}:`,
      commandTimeout: 300,
    });
    const admin = createClient({ url: redis.url });
    await admin.connect();
    try {
      await backend.markActive(key);
      // Every client's commands wait while Redis is paused (as on an overloaded server).
      await admin.sendCommand(["CLIENT", "PAUSE", "1500", "ALL"]);
      const error = await backend.listActive(10).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageConnectionError);
      // Once the pause is over the same backend answers again (bounded retries, no clock).
      let listed: unknown;
      for (let i = 0; i < 50 && listed === undefined; i++) {
        listed = await backend.listActive(10).catch(() => undefined);
      }
      expect(listed).toEqual([key]);
    } finally {
      await admin.close();
      await backend.close();
    }
  });
});
