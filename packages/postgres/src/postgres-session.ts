import {
  SessionBase,
  SessionConflictError,
  SessionError,
  type StateDict,
} from "@agentscope-ts/core";
import { PostgresConnection, type PostgresConnectionOptions } from "./postgres-connection.js";

/** Options of {@link PostgresSession}. */
export type PostgresSessionOptions = PostgresConnectionOptions;

/**
 * Saves sessions in PostgreSQL: one row per user and session in `agentscope_sessions` (created on
 * first use) holding the module states as JSON, AgentScope's session format. Each save bumps the
 * row's `version`; a save fails with `SessionConflictError` when the row changed since this
 * object loaded (or saved) it, so a newer save is never overwritten silently. `userId` defaults to
 * `"default_user"`, as in AgentScope's Redis session.
 */
export class PostgresSession extends SessionBase {
  // `readStates` returns the row's `jsonb`, parsed by the driver for this query alone.
  protected override readonly handsOverStates = true;
  readonly #db: PostgresConnection;
  readonly #table: string;
  /** The version this object last saw per session: a number, or null when it did not exist. */
  readonly #seen = new Map<string, number | null>();

  constructor(options: PostgresSessionOptions = {}) {
    super();
    this.#db = new PostgresConnection(options);
    this.#table = this.#db.table("agentscope_sessions");
  }

  /** The `pg` pool in use. */
  get pool() {
    return this.#db.pool;
  }

  protected describe(sessionId: string, userId: string): string {
    return `session '${sessionId}' of user '${userId || "default_user"}' in ${this.#table}`;
  }

  protected async readStates(sessionId: string, userId: string): Promise<unknown> {
    const user = userId || "default_user";
    const { rows } = await this.#db.query<{ state: unknown; version: string }>(
      `SELECT state, version FROM ${this.#table} WHERE user_id = $1 AND session_id = $2`,
      [user, sessionId],
      `load ${this.describe(sessionId, userId)}`,
    );
    const row = rows[0];
    this.#seen.set(`${user}\0${sessionId}`, row ? Number(row.version) : null);
    return row?.state;
  }

  protected async writeStates(
    sessionId: string,
    userId: string,
    states: Record<string, StateDict>,
  ): Promise<void> {
    const user = userId || "default_user";
    let text: string;
    try {
      text = JSON.stringify(states);
    } catch (error) {
      throw new SessionError(
        `Cannot save session '${sessionId}': its state is not JSON serializable (${(error as Error).message}).`,
        { cause: error },
      );
    }
    const key = `${user}\0${sessionId}`;
    const seen = this.#seen.get(key);
    // null: save whatever is there (never loaded); -1: only if still missing; n: only if still n.
    const expected = seen === undefined ? null : seen === null ? -1 : seen;
    const { rows } = await this.#db.query<{ version: string }>(
      `INSERT INTO ${this.#table} AS s (user_id, session_id, state, version)
       VALUES ($1, $2, $3::json, 1)
       ON CONFLICT (user_id, session_id) DO UPDATE
         SET state = EXCLUDED.state, version = s.version + 1, updated_at = now()
         WHERE $4::bigint IS NULL OR s.version = $4::bigint
       RETURNING version`,
      [user, sessionId, text, expected],
      `save ${this.describe(sessionId, userId)}`,
    );
    const row = rows[0];
    if (!row) {
      throw new SessionConflictError(
        `${this.describe(sessionId, userId)} was saved by someone else after this session object ${seen === null ? "found it missing" : "loaded it"}; saving now would overwrite the newer save. Load it again, re-apply your change and save.`,
      );
    }
    this.#seen.set(key, Number(row.version));
  }

  /** Closes the pool (unless one was passed in). */
  async close(): Promise<void> {
    await this.#db.close();
  }

  /** Closes the pool: `await using session = new PostgresSession(…)`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}
