import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeMemorySuite, describeSessionSuite } from "@agentscope-ts/core/testing/suites";
import { afterAll, beforeAll } from "vitest";
import { SqliteMemory } from "./sqlite-memory.js";
import { SqliteSession } from "./sqlite-session.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "as-sqlite-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let n = 0;

describeMemorySuite("SqliteMemory", {
  create: () => {
    n += 1;
    return new SqliteMemory({ dbPath: join(dir, "memory.db"), sessionId: `s${n}` });
  },
  // another connection to the same file: another process's view
  openPeer: (memory) => {
    const m = memory as SqliteMemory;
    return new SqliteMemory({ dbPath: m.dbPath, sessionId: m.sessionId, userId: m.userId });
  },
  dispose: (memory) => (memory as SqliteMemory).close(),
});

describeSessionSuite("SqliteSession", {
  create: () => {
    n += 1;
    return new SqliteSession({ dbPath: join(dir, `session-${n}.db`) });
  },
  openPeer: (session) => new SqliteSession({ dbPath: (session as SqliteSession).dbPath }),
  detectsConflicts: true,
  dispose: (session) => (session as SqliteSession).close(),
});
