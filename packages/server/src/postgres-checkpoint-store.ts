import { PostgresConnection } from "@agentscope-ts/postgres";
import type pg from "pg";
import type { Checkpoint, SessionKey } from "./backend.js";
import { type CheckpointStore, checkpointRow } from "./checkpoint-store.js";

/** Options of {@link PostgresCheckpointStore}. */
export interface PostgresCheckpointStoreOptions {
  /** `postgres://…`. */
  connectionString?: string;
  /** A pool to use instead (not closed by `close()`). */
  pool?: pg.Pool;
  /** The table, created on first use. Default `agentscope_server_checkpoints`. */
  table?: string;
}

/**
 * Checkpoints in PostgreSQL, one row per session with the fencing token of its last write:
 * `INSERT … ON CONFLICT DO UPDATE … WHERE fence <= new fence` makes a late write from a replica
 * that lost its lease a no-op (the fencing-token pattern). Deleting leaves a tombstone row (no
 * state) carrying the token, so a stale writer cannot bring a forgotten session back.
 *
 * The pool, the schema migrations and the typed errors (unreachable → retryable
 * `StorageConnectionError`) are `@agentscope-ts/postgres`'s `PostgresConnection`. The row is this
 * store's own rather than `PostgresSession`'s: the fence check and the state write must be one
 * statement, and `PostgresSession.saveSessionState` writes its table with its own version check,
 * which knows nothing of lease fences (a stale replica's write would land between a check and it).
 */
export class PostgresCheckpointStore implements CheckpointStore {
  readonly #connection: PostgresConnection;
  readonly #table: string;
  #ready: Promise<void> | null = null;

  constructor(options: PostgresCheckpointStoreOptions) {
    if (!options.pool && !options.connectionString) {
      throw new TypeError("PostgresCheckpointStore needs `connectionString` or `pool`.");
    }
    this.#connection = new PostgresConnection({
      ...(options.pool ? { pool: options.pool } : { connectionString: options.connectionString }),
    });
    this.#table = this.#connection.table(options.table ?? "agentscope_server_checkpoints");
  }

  async #query(text: string, values: unknown[], what: string): Promise<pg.QueryResult> {
    this.#ready ??= this.#connection
      .transaction((client) => this.#createTable(client), "create the checkpoint table")
      .catch((error: unknown) => {
        this.#ready = null;
        throw error;
      });
    await this.#ready;
    return this.#connection.query(text, values, what);
  }

  // `json`, not `jsonb`: jsonb reorders keys, so a checkpoint would not load back byte-equal.
  async #createTable(client: pg.PoolClient): Promise<void> {
    // The lock the package's migrations take: replicas starting together create it once.
    await client.query(
      "SELECT pg_advisory_xact_lock(hashtextextended('agentscope-ts:migrate', 0))",
    );
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${this.#table} (
        user_id text NOT NULL,
        session_id text NOT NULL,
        fence bigint NOT NULL,
        agent_name text,
        state json,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, session_id))`,
    );
    // A table made by an earlier version has a jsonb column: store text as sent from now on.
    const { rows } = await client.query(
      `SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute
       WHERE attrelid = to_regclass($1) AND attname = 'state'`,
      [this.#table],
    );
    if ((rows[0] as { type?: string } | undefined)?.type === "jsonb") {
      await client.query(
        `ALTER TABLE ${this.#table} ALTER COLUMN state TYPE json USING state::json`,
      );
    }
  }

  async load(key: SessionKey): Promise<Checkpoint | undefined> {
    const { rows } = await this.#query(
      `SELECT agent_name, state FROM ${this.#table} WHERE user_id = $1 AND session_id = $2`,
      [key.userId, key.sessionId],
      "load the checkpoint",
    );
    const row = rows[0] as { agent_name: string; state: Omit<Checkpoint, "agentName"> } | undefined;
    if (!row?.state) return undefined;
    return { agentName: row.agent_name, agent: row.state.agent, run: row.state.run };
  }

  async save(key: SessionKey, fence: number, checkpoint: Checkpoint): Promise<boolean> {
    const { rowCount } = await this.#query(
      `INSERT INTO ${this.#table} AS t (user_id, session_id, fence, agent_name, state)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, session_id) DO UPDATE
         SET fence = EXCLUDED.fence, agent_name = EXCLUDED.agent_name, state = EXCLUDED.state,
             updated_at = now()
         WHERE t.fence <= EXCLUDED.fence`,
      checkpointRow(key, fence, checkpoint),
      "save the checkpoint",
    );
    return rowCount === 1;
  }

  async delete(key: SessionKey, fence: number): Promise<boolean> {
    const { rowCount } = await this.#query(
      `UPDATE ${this.#table} SET state = NULL, fence = $3, updated_at = now()
       WHERE user_id = $1 AND session_id = $2 AND fence <= $3`,
      [key.userId, key.sessionId, fence],
      "delete the checkpoint",
    );
    return rowCount === 1;
  }

  async lastFence(key: SessionKey): Promise<number> {
    const { rows } = await this.#query(
      `SELECT fence FROM ${this.#table} WHERE user_id = $1 AND session_id = $2`,
      [key.userId, key.sessionId],
      "read the checkpoint's fence",
    );
    return Number((rows[0] as { fence?: string } | undefined)?.fence ?? 0);
  }

  async running(limit: number): Promise<SessionKey[]> {
    const { rows } = await this.#query(
      `SELECT user_id, session_id FROM ${this.#table}
       WHERE state -> 'run' ->> 'status' = 'running' LIMIT $1`,
      [limit],
      "list running sessions",
    );
    return (rows as { user_id: string; session_id: string }[]).map((r) => ({
      userId: r.user_id,
      sessionId: r.session_id,
    }));
  }

  async close(): Promise<void> {
    await this.#connection.close();
  }
}
