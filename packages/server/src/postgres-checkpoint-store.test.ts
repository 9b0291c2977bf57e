import { type RunningPostgres, startPostgres } from "@agentscope-ts/test-databases";
import postgres from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Checkpoint } from "./backend.js";
import { PostgresCheckpointStore } from "./postgres-checkpoint-store.js";

let pg: RunningPostgres;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  await pg?.stop();
});

const cp = (n: number): Checkpoint => ({
  agentName: "assistant",
  agent: { n },
  run: { status: "running", runId: "r", pending: [] },
});

describe("PostgresCheckpointStore", () => {
  it("refuses writes older than the newest token, deletes with a tombstone", async () => {
    const store = new PostgresCheckpointStore({ connectionString: pg.connectionString });
    const key = { userId: "alice", sessionId: "s" };
    try {
      expect(await store.load(key)).toBeUndefined();
      expect(await store.save(key, 2, cp(2))).toBe(true);
      expect(await store.save(key, 1, cp(1))).toBe(false); // a late write of a lost lease
      expect((await store.load(key))?.agent).toEqual({ n: 2 });
      expect(await store.save(key, 2, cp(3))).toBe(true); // the holder keeps writing
      expect(await store.delete(key, 1)).toBe(false);
      expect(await store.delete(key, 3)).toBe(true);
      expect(await store.load(key)).toBeUndefined();
      expect(await store.save(key, 2, cp(4))).toBe(false); // cannot bring it back
      expect(await store.save(key, 4, cp(5))).toBe(true);
      expect(await store.load(key)).toEqual(cp(5));
      // Users never see each other's sessions.
      expect(await store.load({ userId: "bob", sessionId: "s" })).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it("keeps the checkpoint's JSON byte for byte, also in a table made with jsonb", async () => {
    const admin = new postgres.Pool({ connectionString: pg.connectionString, max: 1 });
    await admin.query(
      `CREATE TABLE old_checkpoints (user_id text NOT NULL, session_id text NOT NULL,
       fence bigint NOT NULL, agent_name text, state jsonb,
       updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (user_id, session_id))`,
    );
    const store = new PostgresCheckpointStore({
      connectionString: pg.connectionString,
      table: "old_checkpoints",
    });
    const key = { userId: "alice", sessionId: "bytes" };
    const checkpoint: Checkpoint = {
      agentName: "assistant",
      agent: { memory: { content: [{ zz_long_key_first: 1, a: { yy: 2, x: 3 } }] } },
      run: { status: "running", runId: "r", pending: [] },
    };
    try {
      expect(await store.save(key, 1, checkpoint)).toBe(true);
      const { rows } = await admin.query(
        "SELECT state::text AS text FROM old_checkpoints WHERE session_id = 'bytes'",
      );
      expect(rows[0]?.text).toBe(JSON.stringify({ agent: checkpoint.agent, run: checkpoint.run }));
      const loaded = await store.load(key);
      expect(JSON.stringify(loaded?.agent)).toBe(JSON.stringify(checkpoint.agent));
    } finally {
      await store.close();
      await admin.end();
    }
  });

  it("lists the sessions whose checkpoint says a run is in progress", async () => {
    const store = new PostgresCheckpointStore({
      connectionString: pg.connectionString,
      table: "running_test",
    });
    const idle: Checkpoint = { ...cp(0), run: { status: "idle", runId: null, pending: [] } };
    try {
      await store.save({ userId: "u", sessionId: "a" }, 1, cp(1));
      await store.save({ userId: "u", sessionId: "b" }, 1, idle);
      await store.save({ userId: "v", sessionId: "c" }, 1, cp(2));
      await store.save({ userId: "v", sessionId: "d" }, 1, cp(3));
      await store.delete({ userId: "v", sessionId: "d" }, 2);
      const all = await store.running(10);
      expect(all.map((k) => `${k.userId}/${k.sessionId}`).sort()).toEqual(["u/a", "v/c"]);
      expect(await store.running(1)).toHaveLength(1);
    } finally {
      await store.close();
    }
  });

  it("fails with a retryable StorageConnectionError when PostgreSQL is unreachable", async () => {
    const store = new PostgresCheckpointStore({
      connectionString: "postgres://postgres@127.0.0.1:1/postgres",
    });
    try {
      await expect(store.load({ userId: "u", sessionId: "s" })).rejects.toMatchObject({
        name: "StorageConnectionError",
        retryable: true,
      });
    } finally {
      await store.close();
    }
  });
});
