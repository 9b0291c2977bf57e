import {
  SessionBase,
  SessionConflictError,
  SessionError,
  type StateDict,
} from "@agentscope-ts/core";
import { SqliteDatabase, type SqliteDatabaseOptions } from "./sqlite-database.js";

/** Options of {@link SqliteSession}. */
export type SqliteSessionOptions = SqliteDatabaseOptions;

/** A saved session as {@link SqliteSession.list} reports it. */
export interface SqliteSessionInfo {
  /** The session id given to `save`. */
  sessionId: string;
  /** How many times it was saved (the version a conflicting save is checked against). */
  version: number;
  /** When it was last saved (second precision, as SQLite's `CURRENT_TIMESTAMP`). */
  updatedAt: Date;
}

/**
 * Saves sessions in SQLite (`node:sqlite`): one row per user and session holding AgentScope's
 * session JSON. Each save bumps the row's version; a save over a newer save than the one this
 * object loaded fails with `SessionConflictError`.
 */
export class SqliteSession extends SessionBase {
  // `readStates` parses the stored text and keeps nothing of it.
  protected override readonly handsOverStates = true;
  readonly #db: SqliteDatabase;
  readonly #seen = new Map<string, number | null>();

  constructor(options: SqliteSessionOptions = {}) {
    super();
    this.#db = new SqliteDatabase(options);
  }

  /** The database file. */
  get dbPath(): string {
    return this.#db.path;
  }

  protected describe(sessionId: string, userId: string): string {
    return `session '${sessionId}' of user '${userId || "default_user"}' in ${this.#db.path}`;
  }

  protected async readStates(sessionId: string, userId: string): Promise<unknown> {
    const user = userId || "default_user";
    const row = this.#db.run(
      () =>
        this.#db.db
          .prepare(
            "SELECT state, version FROM agentscope_sessions WHERE user_id = ? AND session_id = ?",
          )
          .get(user, sessionId) as { state: string; version: number } | undefined,
      `load ${this.describe(sessionId, userId)}`,
    );
    this.#seen.set(`${user}\0${sessionId}`, row ? Number(row.version) : null);
    if (!row) return undefined;
    try {
      return JSON.parse(row.state);
    } catch (error) {
      throw new SessionError(
        `The state of ${this.describe(sessionId, userId)} is not valid JSON (${(error as Error).message}); delete the row to start afresh.`,
        { cause: error },
      );
    }
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
    const expected = seen === undefined ? null : seen === null ? -1 : seen;
    const rows = this.#db.transaction(
      () =>
        this.#db.db
          .prepare(
            `INSERT INTO agentscope_sessions (user_id, session_id, state, version) VALUES (?, ?, ?, 1)
             ON CONFLICT (user_id, session_id) DO UPDATE
               SET state = excluded.state, version = version + 1, updated_at = CURRENT_TIMESTAMP
               WHERE ?4 IS NULL OR version = ?4
             RETURNING version`,
          )
          .all(user, sessionId, text, expected) as { version: number }[],
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

  /** The sessions saved for `userId` (default user when empty), most recently saved first. */
  async list(userId = ""): Promise<SqliteSessionInfo[]> {
    const rows = this.#db.run(
      () =>
        this.#db.db
          .prepare(
            `SELECT session_id, version, updated_at FROM agentscope_sessions WHERE user_id = ?
             ORDER BY updated_at DESC, session_id`,
          )
          .all(userId || "default_user") as {
          session_id: string;
          version: number;
          updated_at: string;
        }[],
      `list the sessions in ${this.#db.path}`,
    );
    return rows.map((row) => ({
      sessionId: row.session_id,
      version: Number(row.version),
      updatedAt: new Date(`${row.updated_at.replace(" ", "T")}Z`),
    }));
  }

  /** Closes the database (unless one was passed in). */
  async close(): Promise<void> {
    this.#db.close();
  }
}
