import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { InMemoryMemory, Msg, SessionConflictError, SessionError } from "@agentscope-ts/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqliteSession } from "./sqlite-session.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "as-sqlite-session-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("SqliteSession", () => {
  it("lists the sessions of one user with their versions, others' apart", async () => {
    const session = new SqliteSession({ dbPath: join(dir, "list.db") });
    try {
      const memory = new InMemoryMemory();
      await memory.add(new Msg("user", "hi", "user"));
      expect(await session.list()).toEqual([]);
      await session.save("a", { memory });
      await session.save("a", { memory });
      await session.save("b", { memory }, { userId: "bob" });
      const mine = await session.list();
      expect(mine.map((s) => [s.sessionId, s.version])).toEqual([["a", 2]]);
      expect(mine[0]?.updatedAt.getTime()).not.toBeNaN();
      expect((await session.list("bob")).map((s) => s.sessionId)).toEqual(["b"]);
    } finally {
      await session.close();
    }
  });

  it("a stale save is a SessionConflictError and leaves the newer save in place", async () => {
    const path = join(dir, "stale.db");
    const [one, two] = [new SqliteSession({ dbPath: path }), new SqliteSession({ dbPath: path })];
    try {
      const memory = new InMemoryMemory();
      await one.load("s", { memory });
      await two.load("s", { memory });
      await memory.add(new Msg("user", "first", "user"));
      await one.save("s", { memory });
      await memory.add(new Msg("user", "second", "user"));
      await expect(two.save("s", { memory })).rejects.toThrow(SessionConflictError);
      const loaded = new InMemoryMemory();
      await one.load("s", { memory: loaded });
      expect((await loaded.getMemory()).map((m) => m.getTextContent())).toEqual(["first"]);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it("a row that is not JSON is a SessionError naming the session, not a crash", async () => {
    const path = join(dir, "bad.db");
    const session = new SqliteSession({ dbPath: path });
    try {
      const raw = new DatabaseSync(path);
      raw
        .prepare(
          "INSERT INTO agentscope_sessions (user_id, session_id, state, version) VALUES (?, ?, ?, 1)",
        )
        .run("default_user", "x", "{not json");
      raw.close();
      const err = await session.load("x", { memory: new InMemoryMemory() }).catch((e) => e);
      expect(err).toBeInstanceOf(SessionError);
      expect(String(err.message)).toMatch(/session 'x' of user 'default_user'.*not valid JSON/);
    } finally {
      await session.close();
    }
  });
});
