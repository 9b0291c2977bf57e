import { Msg, StorageConnectionError, ValidationError } from "@agentscope-ts/core";
import {
  type CutProxy,
  type RunningPostgres,
  startCutProxy,
  startPostgres,
} from "@agentscope-ts/test-databases";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresMemory } from "./postgres-memory.js";
import { PostgresSession } from "./postgres-session.js";

let server: RunningPostgres;
let admin: pg.Pool;
beforeAll(async () => {
  server = await startPostgres();
  admin = new pg.Pool({ connectionString: server.connectionString, max: 2 });
});
afterAll(async () => {
  await admin?.end();
  await server?.stop();
});

const batch = (tag: string, n = 5) =>
  Array.from({ length: n }, (_, i) => new Msg("user", `${tag}${i}`, "user", { id: `${tag}${i}` }));

describe("PostgresMemory storage", () => {
  it("reads its own rows on the fast path, and a row corrupted since gets a ValidationError", async () => {
    const memory = new PostgresMemory({ pool: admin, schema: "corrupt", sessionId: "c" });
    try {
      await memory.add(batch("ok", 2));
      expect((await memory.getMemory()).map((m) => m.id)).toEqual(["ok0", "ok1"]);
      await admin.query(
        `UPDATE corrupt.agentscope_messages SET msg = jsonb_set(msg::jsonb, '{role}', '"robot"')::json WHERE msg_id = 'ok1'`,
      );
      const error = await memory.getMemory().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(String((error as Error).message)).toMatch(/role/);
    } finally {
      await memory.close();
    }
  });

  it("creates its tables on first use, once, even when many objects start at the same time", async () => {
    const memories = Array.from(
      { length: 4 },
      (_, i) =>
        new PostgresMemory({
          connectionString: server.connectionString,
          schema: "fresh",
          sessionId: `m${i}`,
        }),
    );
    try {
      await Promise.all(memories.map((m, i) => m.add(batch(`x${i}`, 2))));
      const { rows } = await admin.query(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'fresh' ORDER BY 1",
      );
      expect(rows.map((r) => r.table_name)).toEqual([
        "agentscope_messages",
        "agentscope_schema_version",
        "agentscope_sessions",
      ]);
      const versions = await admin.query(
        "SELECT version FROM fresh.agentscope_schema_version ORDER BY 1",
      );
      expect(versions.rows).toEqual([{ version: 1 }, { version: 2 }]);
    } finally {
      for (const m of memories) await m.close();
    }
  });

  it("stores one row per message with its marks and order, per user and session", async () => {
    const memory = new PostgresMemory({
      pool: admin,
      schema: "rows",
      userId: "alice",
      sessionId: "chat",
    });
    const other = new PostgresMemory({
      pool: admin,
      schema: "rows",
      userId: "bob",
      sessionId: "chat",
    });
    await memory.add(batch("a", 2), { marks: ["hint", "x"] });
    await other.add(batch("a", 1));
    const { rows } = await admin.query(
      "SELECT user_id, session_id, pos, msg_id, msg->>'content' AS content, marks FROM rows.agentscope_messages ORDER BY user_id, pos",
    );
    expect(rows).toEqual([
      {
        user_id: "alice",
        session_id: "chat",
        pos: "1",
        msg_id: "a0",
        content: "a0",
        marks: ["hint", "x"],
      },
      {
        user_id: "alice",
        session_id: "chat",
        pos: "2",
        msg_id: "a1",
        content: "a1",
        marks: ["hint", "x"],
      },
      { user_id: "bob", session_id: "chat", pos: "1", msg_id: "a0", content: "a0", marks: [] },
    ]);
    expect(await other.size()).toBe(1);
    await memory.clear();
    expect(await other.size()).toBe(1);
  });

  it("fails with a typed error when the server is unreachable", async () => {
    const memory = new PostgresMemory({
      connectionString: "postgres://postgres@127.0.0.1:1/postgres",
      poolConfig: { connectionTimeoutMillis: 2000 },
    });
    const error = await memory.size().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageConnectionError);
    expect((error as StorageConnectionError).retryable).toBe(true);
    await memory.close();
  });
});

describe("PostgresMemory and PostgresSession when the connection drops", () => {
  let proxy: CutProxy;
  let url: string;
  beforeAll(async () => {
    proxy = await startCutProxy(server.port);
    url = `postgres://postgres@127.0.0.1:${proxy.port}/postgres`;
  });
  afterAll(async () => {
    await proxy?.stop();
  });

  it("rolls the whole add back when the connection drops before COMMIT", async () => {
    const memory = new PostgresMemory({ connectionString: url, schema: "cut", sessionId: "c1" });
    try {
      await memory.add(batch("a"));
      const cut = proxy.cutOn("COMMIT", "before-send");
      const error = await memory.add(batch("b"), { marks: "m" }).catch((e: unknown) => e);
      await cut;
      expect(error).toBeInstanceOf(StorageConnectionError);
      expect((error as Error).message).toMatch(/rolled back, so nothing was half-written; retry/);
      // the pool opens a fresh connection; nothing of the failed batch is stored
      expect(await memory.size()).toBe(5);
      expect(await memory.getMemory({ mark: "m" })).toEqual([]);
      await memory.add(batch("b"), { marks: "m" });
      expect((await memory.getMemory({ mark: "m" })).map((m) => m.id)).toEqual(
        batch("b").map((m) => m.id),
      );
    } finally {
      await memory.close();
    }
  });

  it("keeps the committed add when only the answer is lost, and a retry adds nothing twice", async () => {
    const memory = new PostgresMemory({ connectionString: url, schema: "cut", sessionId: "c2" });
    try {
      await memory.size();
      const cut = proxy.cutOn("COMMIT", "after-reply");
      const error = await memory.add(batch("c")).catch((e: unknown) => e);
      await cut;
      expect(error).toBeInstanceOf(StorageConnectionError);
      expect(await memory.size()).toBe(5);
      await memory.add(batch("c"));
      expect(await memory.size()).toBe(5);
    } finally {
      await memory.close();
    }
  });

  it("leaves the previous session save in place when a save's connection drops", async () => {
    const session = new PostgresSession({ connectionString: url, schema: "cut" });
    const memory = new PostgresMemory({ connectionString: url, schema: "cut", sessionId: "s" });
    try {
      await memory.updateCompressedSummary("first");
      await session.save("s", { memory });
      await memory.updateCompressedSummary("second");
      const cut = proxy.cutOn("INSERT INTO", "before-send");
      await expect(session.save("s", { memory })).rejects.toThrow(StorageConnectionError);
      await cut;
      const check = new PostgresMemory({ pool: admin, schema: "cut", sessionId: "s" });
      await new PostgresSession({ pool: admin, schema: "cut" }).load("s", { memory: check });
      expect(check.compressedSummary).toBe("first");
      // a retry goes through: the failed save changed nothing, so there is no conflict
      await session.save("s", { memory });
      await new PostgresSession({ pool: admin, schema: "cut" }).load("s", { memory: check });
      expect(check.compressedSummary).toBe("second");
    } finally {
      await memory.close();
      await session.close();
    }
  });
});
