import { InMemoryMemory, StateModule } from "@agentscope-ts/core";
import { unsortedKeysMsg } from "@agentscope-ts/core/testing";
import { type RunningPostgres, startPostgres } from "@agentscope-ts/test-databases";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresMemory } from "./postgres-memory.js";
import { PostgresSession } from "./postgres-session.js";
import { MIGRATIONS } from "./schema.js";

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

class Agent extends StateModule {
  memory = new InMemoryMemory();
  zz_a_long_name_first = "Friday";
  constructor() {
    super();
    this.registerState("zz_a_long_name_first");
  }
}

describe("PostgreSQL keeps the JSON it is given, byte for byte", () => {
  it("a session loads back with the bytes stateDict() gave, and stores them as sent", async () => {
    const schema = "bytes_session";
    const saved = new Agent();
    await saved.memory.add(unsortedKeysMsg());
    await using session = new PostgresSession({
      connectionString: server.connectionString,
      schema,
    });
    await session.save("s1", { agent: saved });

    const { rows } = await admin.query(
      `SELECT state::text AS text FROM ${schema}.agentscope_sessions WHERE session_id = 's1'`,
    );
    expect(rows[0]?.text).toBe(JSON.stringify({ agent: saved.stateDict() }));

    await using peer = new PostgresSession({ connectionString: server.connectionString, schema });
    const loaded = new Agent();
    expect(await peer.load("s1", { agent: loaded })).toBe(true);
    expect(JSON.stringify(loaded.stateDict())).toBe(JSON.stringify(saved.stateDict()));
  });

  it("a memory returns messages whose toDict() has the bytes of the one added", async () => {
    const msg = unsortedKeysMsg();
    await using memory = new PostgresMemory({
      connectionString: server.connectionString,
      schema: "bytes_memory",
    });
    await memory.add(msg);
    const { rows } = await admin.query(
      "SELECT msg::text AS text FROM bytes_memory.agentscope_messages",
    );
    expect(rows[0]?.text).toBe(JSON.stringify(msg.toDict()));
    const [stored] = await memory.getMemory();
    expect(JSON.stringify(stored?.toDict())).toBe(JSON.stringify(msg.toDict()));
  });

  it("migrates a database made with jsonb columns: old rows load, new saves are byte-equal", async () => {
    const schema = "bytes_legacy";
    const table = (name: string) => `"${schema}"."${name}"`;
    // The schema as the first release created it (migration 1 only).
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(
      `CREATE TABLE ${table("agentscope_schema_version")} (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    for (const statement of MIGRATIONS[0]?.(table) ?? []) await admin.query(statement);
    await admin.query(`INSERT INTO ${table("agentscope_schema_version")} (version) VALUES (1)`);
    const old = new Agent();
    old.zz_a_long_name_first = "Old";
    await admin.query(
      `INSERT INTO ${table("agentscope_sessions")} (user_id, session_id, state, version) VALUES ('default_user', 'old', $1::jsonb, 1)`,
      [JSON.stringify({ agent: old.stateDict() })],
    );

    await using session = new PostgresSession({
      connectionString: server.connectionString,
      schema,
    });
    const loaded = new Agent();
    expect(await session.load("old", { agent: loaded })).toBe(true);
    expect(loaded.stateDict()).toEqual(old.stateDict());
    const types = await admin.query(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
       WHERE table_schema = $1 AND column_name IN ('state', 'msg') ORDER BY 1`,
      [schema],
    );
    expect(types.rows).toEqual([
      { table_name: "agentscope_messages", column_name: "msg", data_type: "json" },
      { table_name: "agentscope_sessions", column_name: "state", data_type: "json" },
    ]);

    await loaded.memory.add(unsortedKeysMsg());
    await session.save("old", { agent: loaded });
    const { rows } = await admin.query(
      `SELECT state::text AS text FROM ${table("agentscope_sessions")} WHERE session_id = 'old'`,
    );
    expect(rows[0]?.text).toBe(JSON.stringify({ agent: loaded.stateDict() }));
  });
});
