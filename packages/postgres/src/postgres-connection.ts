import { AgentScopeError } from "@agentscope-ts/core";
import pg from "pg";
import { toStorageError } from "./postgres-errors.js";
import { MIGRATIONS } from "./schema.js";

/** The connection options shared by `PostgresSession` and `PostgresMemory`. */
export interface PostgresConnectionOptions {
  /** A `pg` pool to use instead of opening one; not closed by `close()`. */
  pool?: pg.Pool;
  /** A `postgres://` connection string (when no `pool` is given). */
  connectionString?: string;
  /** More `pg.Pool` settings (when no `pool` is given). */
  poolConfig?: pg.PoolConfig;
  /** The schema the tables live in; created when missing. Defaults to `"public"`. */
  schema?: string;
}

/** Tables are created once per pool and schema, however many objects share them. */
const migrated = new WeakMap<pg.Pool, Map<string, Promise<void>>>();

/** Quotes an SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A pool to use: the given one (left open by `close()`), or one opened from the options. */
export function openPool(options: {
  pool?: pg.Pool;
  connectionString?: string;
  poolConfig?: pg.PoolConfig;
}): { pool: pg.Pool; owned: boolean; where: string } {
  if (options.pool) {
    return { pool: options.pool, owned: false, where: "the given PostgreSQL pool" };
  }
  const pool = new pg.Pool({
    connectionTimeoutMillis: 10_000,
    query_timeout: 60_000,
    max: 10,
    ...options.poolConfig,
    ...(options.connectionString ? { connectionString: options.connectionString } : {}),
  });
  // An idle client losing its connection is reported here; the next query gets a fresh one.
  pool.on("error", () => undefined);
  const url = options.connectionString ?? "";
  return {
    pool,
    owned: true,
    where: url ? `PostgreSQL at ${url.replace(/\/\/[^@/]*@/, "//***@")}` : "PostgreSQL",
  };
}

/**
 * Runs `fn` in one transaction on a client of `pool`: committed whole or rolled back whole, with
 * `pg` errors made typed (`StorageConnectionError` when the connection failed).
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
  what: string,
  where: string,
): Promise<T> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw toStorageError(error, what, where);
  }
  // A connection dropping mid-transaction is also emitted as 'error' on the client; the
  // failing query reports it, so the event needs a listener only to not crash the process.
  const ignore = () => undefined;
  client.on("error", ignore);
  try {
    await client.query("BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    client.off("error", ignore);
    client.release();
    return result;
  } catch (error) {
    let broken: unknown = error;
    try {
      await client.query("ROLLBACK");
      broken = undefined;
    } catch {
      // the connection is gone; the server rolls the transaction back itself
    }
    client.off("error", ignore);
    client.release(broken instanceof Error ? broken : undefined);
    throw toStorageError(error, what, where);
  }
}

/**
 * A `pg` pool with typed errors, transactions and the tables created (migrated) on first use.
 * Every write runs in one transaction: a dropped connection rolls it back whole.
 */
export class PostgresConnection {
  readonly pool: pg.Pool;
  readonly schema: string;
  readonly #owned: boolean;
  readonly #where: string;

  constructor(options: PostgresConnectionOptions) {
    this.schema = options.schema ?? "public";
    if (!this.schema || this.schema.includes("\0")) {
      throw new AgentScopeError(
        `Invalid schema ${JSON.stringify(this.schema)}: give a schema name.`,
      );
    }
    const opened = openPool(options);
    this.pool = opened.pool;
    this.#owned = opened.owned;
    this.#where = opened.where;
  }

  /** `"schema"."table"`. */
  table(name: string): string {
    return `${quoteIdent(this.schema)}.${quoteIdent(name)}`;
  }

  #migrate(): Promise<void> {
    let bySchema = migrated.get(this.pool);
    if (!bySchema) {
      bySchema = new Map();
      migrated.set(this.pool, bySchema);
    }
    let done = bySchema.get(this.schema);
    if (!done) {
      done = this.#runMigrations().catch((error: unknown) => {
        bySchema?.delete(this.schema);
        throw error;
      });
      bySchema.set(this.schema, done);
    }
    return done;
  }

  async #runMigrations(): Promise<void> {
    await this.#transaction(async (client) => {
      // One process migrates at a time; the others wait, then find the work done.
      await client.query(
        "SELECT pg_advisory_xact_lock(hashtextextended('agentscope-ts:migrate', 0))",
      );
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(this.schema)}`);
      const versions = this.table("agentscope_schema_version");
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${versions} (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      const { rows } = await client.query<{ v: number | null }>(
        `SELECT max(version) AS v FROM ${versions}`,
      );
      const current = rows[0]?.v ?? 0;
      for (const [i, migration] of MIGRATIONS.entries()) {
        if (i + 1 <= current) continue;
        for (const statement of migration((name) => this.table(name)))
          await client.query(statement);
        await client.query(`INSERT INTO ${versions} (version) VALUES ($1)`, [i + 1]);
      }
    }, "create the AgentScope tables");
  }

  #transaction<T>(fn: (client: pg.PoolClient) => Promise<T>, what: string): Promise<T> {
    return inTransaction(this.pool, fn, what, this.#where);
  }

  /** Runs `fn` in one transaction on the migrated schema. */
  async transaction<T>(fn: (client: pg.PoolClient) => Promise<T>, what: string): Promise<T> {
    await this.#migrate();
    return this.#transaction(fn, what);
  }

  /** Runs one statement (atomic by itself) on the migrated schema. */
  async query<R extends pg.QueryResultRow>(
    text: string,
    values: unknown[],
    what: string,
  ): Promise<pg.QueryResult<R>> {
    return this.#query<R>({ text, values }, what);
  }

  /** {@link PostgresConnection.query} with each row as an array of its columns (no key per row). */
  async queryArrays(text: string, values: unknown[], what: string): Promise<unknown[][]> {
    const config: pg.QueryArrayConfig = { text, values, rowMode: "array" };
    return (await this.#query<unknown[]>(config, what)).rows;
  }

  async #query<R extends pg.QueryResultRow>(
    config: pg.QueryConfig,
    what: string,
  ): Promise<pg.QueryResult<R>> {
    await this.#migrate();
    try {
      return await this.pool.query<R>(config);
    } catch (error) {
      throw toStorageError(error, what, this.#where);
    }
  }

  /** Closes the pool if this object opened it. */
  async close(): Promise<void> {
    if (this.#owned && !this.pool.ended) await this.pool.end();
  }
}
