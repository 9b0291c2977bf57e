import { DatabaseSync } from "node:sqlite";
import { AgentScopeError, StorageConnectionError } from "@agentscope-ts/core";

/** Options shared by `SqliteSession` and `SqliteMemory`. */
export interface SqliteDatabaseOptions {
  /** The database file; created when missing. Defaults to `"agentscope.db"`. */
  dbPath?: string;
  /** An open `node:sqlite` database to use instead of `dbPath`; not closed by `close()`. */
  database?: DatabaseSync;
  /** How long a write waits for another process's write to finish, in ms. Defaults to `5000`. */
  busyTimeout?: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS agentscope_sessions (
  user_id TEXT NOT NULL,
  session_id TEXT NOT NULL,
  state TEXT NOT NULL,
  version INTEGER NOT NULL,
  updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (user_id, session_id)
);
CREATE TABLE IF NOT EXISTS agentscope_messages (
  user_id TEXT NOT NULL,
  session_id TEXT NOT NULL,
  pos INTEGER NOT NULL,
  msg_id TEXT NOT NULL,
  msg TEXT NOT NULL,
  marks TEXT NOT NULL DEFAULT '[]',
  PRIMARY KEY (user_id, session_id, pos)
);
CREATE INDEX IF NOT EXISTS agentscope_messages_msg_id ON agentscope_messages (user_id, session_id, msg_id);
`;

/** One `node:sqlite` database with the AgentScope tables, transactions and typed errors. */
export class SqliteDatabase {
  readonly db: DatabaseSync;
  readonly path: string;
  readonly #owned: boolean;

  constructor(options: SqliteDatabaseOptions) {
    this.path = options.dbPath ?? "agentscope.db";
    try {
      this.db = options.database ?? new DatabaseSync(this.path);
    } catch (error) {
      throw new AgentScopeError(
        `Cannot open the SQLite database ${this.path}: ${(error as Error).message}. Check the folder exists and is writable.`,
        { cause: error },
      );
    }
    this.#owned = !options.database;
    this.db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(options.busyTimeout ?? 5000))}`);
    if (this.#owned) this.db.exec("PRAGMA journal_mode = WAL");
    this.transaction(() => this.db.exec(SCHEMA), "create the AgentScope tables");
  }

  /** Runs `fn` in one `BEGIN IMMEDIATE` transaction (writers queue, readers go on). */
  transaction<T>(fn: () => T, what: string): T {
    try {
      this.db.exec("BEGIN IMMEDIATE");
    } catch (error) {
      throw this.#wrap(error, what);
    }
    try {
      const result = fn();
      this.db.exec("COMMIT");
      return result;
    } catch (error) {
      if (this.db.isTransaction) this.db.exec("ROLLBACK");
      throw this.#wrap(error, what);
    }
  }

  #wrap(error: unknown, what: string): Error {
    if (error instanceof AgentScopeError) return error;
    const message = error instanceof Error ? error.message : String(error);
    if (/SQLITE_BUSY|database is locked/i.test(message)) {
      return new StorageConnectionError(
        `Cannot ${what}: ${this.path} stayed locked by another writer (${message}). Nothing was written; retry.`,
        { cause: error },
      );
    }
    return new AgentScopeError(`Cannot ${what} in ${this.path}: ${message}`, { cause: error });
  }

  /** Runs one statement outside an explicit transaction, with typed errors. */
  run<T>(fn: () => T, what: string): T {
    try {
      return fn();
    } catch (error) {
      throw this.#wrap(error, what);
    }
  }

  /** Closes the database if this object opened it. */
  close(): void {
    if (this.#owned && this.db.isOpen) this.db.close();
  }
}
