import { describeMemorySuite, describeSessionSuite } from "@agentscope-ts/core/testing/suites";
import { type RunningPostgres, startPostgres } from "@agentscope-ts/test-databases";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { PostgresMemory } from "./postgres-memory.js";
import { PostgresSession } from "./postgres-session.js";

let server: RunningPostgres;
let pool: pg.Pool;
beforeAll(async () => {
  server = await startPostgres();
  pool = new pg.Pool({ connectionString: server.connectionString, max: 8 });
});
afterAll(async () => {
  await pool?.end();
  await server?.stop();
});

let n = 0;
const schemas = new WeakMap<object, string>();

describeMemorySuite("PostgresMemory", {
  create: () => {
    n += 1;
    return new PostgresMemory({ pool, sessionId: `s${n}`, userId: "suite" });
  },
  // A second pool: another process's connections to the same table.
  openPeer: (memory) => {
    const m = memory as PostgresMemory;
    return new PostgresMemory({
      connectionString: server.connectionString,
      sessionId: m.sessionId,
      userId: m.userId,
    });
  },
  dispose: (memory) => (memory as PostgresMemory).close(),
});

describeSessionSuite("PostgresSession", {
  create: () => {
    n += 1;
    const session = new PostgresSession({ pool, schema: `suite_${n}` });
    schemas.set(session, `suite_${n}`);
    return session;
  },
  openPeer: (session) => {
    const schema = schemas.get(session) ?? "public";
    const peer = new PostgresSession({ connectionString: server.connectionString, schema });
    schemas.set(peer, schema);
    return peer;
  },
  detectsConflicts: true,
  dispose: (session) => (session as PostgresSession).close(),
});
