import type { SqliteDatabase } from "@agentscope-ts/sqlite";
import type { Checkpoint, SessionKey } from "./backend.js";
import { type CheckpointStore, checkpointRow } from "./checkpoint-store.js";
import { openSqliteFile } from "./sqlite-file.js";

/** Options of {@link SqliteCheckpointStore}. */
export interface SqliteCheckpointStoreOptions {
  /** The database file (created with its folder), or `":memory:"`. */
  path: string;
}

/**
 * Checkpoints in one SQLite file (`node:sqlite`, no server): the single-node store that keeps
 * sessions — and parked approvals — across restarts. Same fencing rule as the PostgreSQL store:
 * a row keeps the token of its last write and refuses older ones; deleting leaves a tombstone.
 * The file (WAL, busy timeout, typed errors) is `@agentscope-ts/sqlite`'s `SqliteDatabase`; the row
 * is not `SqliteSession`'s, as the fence check and the state write must be one statement.
 */
export class SqliteCheckpointStore implements CheckpointStore {
  readonly #database: SqliteDatabase;

  constructor(options: SqliteCheckpointStoreOptions) {
    this.#database = openSqliteFile(
      options.path,
      `CREATE TABLE IF NOT EXISTS agentscope_server_checkpoints (
        user_id TEXT NOT NULL,
        session_id TEXT NOT NULL,
        fence INTEGER NOT NULL,
        agent_name TEXT,
        state TEXT,
        updated_at TEXT NOT NULL DEFAULT (datetime('now')),
        PRIMARY KEY (user_id, session_id))`,
    );
  }

  get #db() {
    return this.#database.db;
  }

  async load(key: SessionKey): Promise<Checkpoint | undefined> {
    const row = this.#database.run(
      () =>
        this.#db
          .prepare(
            "SELECT agent_name, state FROM agentscope_server_checkpoints WHERE user_id = ? AND session_id = ?",
          )
          .get(key.userId, key.sessionId) as
          | { agent_name: string; state: string | null }
          | undefined,
      "load the checkpoint",
    );
    if (!row?.state) return undefined;
    const state = JSON.parse(row.state) as Omit<Checkpoint, "agentName">;
    return { agentName: row.agent_name, agent: state.agent, run: state.run };
  }

  async save(key: SessionKey, fence: number, checkpoint: Checkpoint): Promise<boolean> {
    const result = this.#database.run(
      () =>
        this.#db
          .prepare(
            `INSERT INTO agentscope_server_checkpoints (user_id, session_id, fence, agent_name, state)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id, session_id) DO UPDATE
           SET fence = excluded.fence, agent_name = excluded.agent_name, state = excluded.state,
               updated_at = datetime('now')
           WHERE agentscope_server_checkpoints.fence <= excluded.fence`,
          )
          .run(...checkpointRow(key, fence, checkpoint)),
      "save the checkpoint",
    );
    return Number(result.changes) === 1;
  }

  async delete(key: SessionKey, fence: number): Promise<boolean> {
    const result = this.#database.run(
      () =>
        this.#db
          .prepare(
            `UPDATE agentscope_server_checkpoints SET state = NULL, fence = ?, updated_at = datetime('now')
         WHERE user_id = ? AND session_id = ? AND fence <= ?`,
          )
          .run(fence, key.userId, key.sessionId, fence),
      "delete the checkpoint",
    );
    return Number(result.changes) === 1;
  }

  async lastFence(key: SessionKey): Promise<number> {
    const row = this.#database.run(
      () =>
        this.#db
          .prepare(
            "SELECT fence FROM agentscope_server_checkpoints WHERE user_id = ? AND session_id = ?",
          )
          .get(key.userId, key.sessionId) as { fence: number } | undefined,
      "read the checkpoint's fence",
    );
    return Number(row?.fence ?? 0);
  }

  async running(limit: number): Promise<SessionKey[]> {
    const rows = this.#database.run(
      () =>
        this.#db
          .prepare(
            `SELECT user_id, session_id FROM agentscope_server_checkpoints
         WHERE json_extract(state, '$.run.status') = 'running' LIMIT ?`,
          )
          .all(limit) as { user_id: string; session_id: string }[],
      "list running sessions",
    );
    return rows.map((r) => ({ userId: r.user_id, sessionId: r.session_id }));
  }

  async close(): Promise<void> {
    this.#database.close();
  }
}
