import {
  type GetMemoryOptions,
  type MemoryAddOptions,
  MemoryBase,
  Msg,
  memoryMessagesArgument,
  optionalMarkArgument,
  stringListArgument,
  type UpdateMessagesMarkOptions,
} from "@agentscope-ts/core";
import { PostgresConnection, type PostgresConnectionOptions } from "./postgres-connection.js";

/** Options of {@link PostgresMemory}: AgentScope's SQL memory arguments plus the connection. */
export interface PostgresMemoryOptions extends PostgresConnectionOptions {
  /** The session the messages belong to. Defaults to `"default_session"`. */
  sessionId?: string;
  /** The user the session belongs to. Defaults to `"default_user"`. */
  userId?: string;
}

/**
 * A working memory in PostgreSQL, with the semantics of AgentScope's SQL memory: messages with
 * their marks, in order, per user and session (table `agentscope_messages`, created on first use).
 * Appends take a per-session advisory lock, so concurrent appenders (other processes included)
 * keep every message in one order and the duplicate check holds; every write is one transaction.
 * Reading 100k messages is one indexed range scan; appending never rewrites earlier rows.
 */
export class PostgresMemory extends MemoryBase {
  /** The session the messages belong to. */
  readonly sessionId: string;
  /** The user the session belongs to. */
  readonly userId: string;
  readonly #db: PostgresConnection;
  readonly #table: string;
  /** Operations of this object run one at a time, in call order (as AgentScope's write lock). */
  #tail: Promise<unknown> = Promise.resolve();

  constructor(options: PostgresMemoryOptions = {}) {
    super();
    this.sessionId = options.sessionId ?? "default_session";
    this.userId = options.userId ?? "default_user";
    this.#db = new PostgresConnection(options);
    this.#table = this.#db.table("agentscope_messages");
  }

  /** The `pg` pool in use. */
  get pool() {
    return this.#db.pool;
  }

  #serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(fn, fn);
    this.#tail = run.catch(() => undefined);
    return run;
  }

  #what(what: string): string {
    return `${what} (user '${this.userId}', session '${this.sessionId}')`;
  }

  override async add(
    memories: Msg | Msg[] | null | undefined,
    options: MemoryAddOptions = {},
  ): Promise<void> {
    const list = memoryMessagesArgument(memories);
    const marks = stringListArgument(options.marks, "marks", true);
    if (list.length === 0) return;
    const ids = list.map((m) => m.id);
    const dicts = list.map((m) => JSON.stringify(m.toDict()));
    await this.#serial(() =>
      this.#db.transaction(async (client) => {
        await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [
          JSON.stringify([this.#db.schema, this.userId, this.sessionId]),
        ]);
        // The duplicate check sees the rows stored before this call (so copies within one call
        // are both kept, as in AgentScope); positions continue after the last one, in call order.
        await client.query(
          `INSERT INTO ${this.#table} (user_id, session_id, pos, msg_id, msg, marks)
           SELECT $1, $2, last.pos + row_number() OVER (ORDER BY m.ord), m.id, m.msg::json, $5::text[]
           FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS m(id, msg, ord),
                (SELECT coalesce(max(pos), 0) AS pos FROM ${this.#table}
                 WHERE user_id = $1 AND session_id = $2) AS last
           WHERE $6::boolean OR NOT EXISTS (
             SELECT 1 FROM ${this.#table} AS x
             WHERE x.user_id = $1 AND x.session_id = $2 AND x.msg_id = m.id)`,
          [this.userId, this.sessionId, ids, dicts, marks, options.allowDuplicates === true],
        );
      }, this.#what("add messages to memory")),
    );
  }

  override async getMemory(options: GetMemoryOptions = {}): Promise<Msg[]> {
    const mark = optionalMarkArgument(options.mark, "mark");
    const excludeMark = optionalMarkArgument(options.excludeMark, "excludeMark");
    const rows = await this.#serial(() =>
      this.#db.queryArrays(
        `SELECT msg FROM ${this.#table} WHERE user_id = $1 AND session_id = $2
         AND ($3::text IS NULL OR $3 = ANY(marks))
         AND ($4::text IS NULL OR NOT ($4 = ANY(marks)))
       ORDER BY pos`,
        [this.userId, this.sessionId, mark, excludeMark],
        this.#what("read memory"),
      ),
    );
    const out: Msg[] = [];
    if ((options.prependSummary ?? true) && this.compressedSummary) {
      out.push(new Msg("user", this.compressedSummary, "user"));
    }
    for (let i = 0; i < rows.length; i++) out.push(Msg.fromStoredDict((rows[i] as unknown[])[0]));
    return out;
  }

  override async delete(msgIds: string[]): Promise<number> {
    const ids = stringListArgument(msgIds, "msgIds", false, "message ids");
    if (ids.length === 0) return 0;
    const result = await this.#serial(() =>
      this.#db.query(
        `DELETE FROM ${this.#table} WHERE user_id = $1 AND session_id = $2 AND msg_id = ANY($3::text[])`,
        [this.userId, this.sessionId, ids],
        this.#what("delete messages from memory"),
      ),
    );
    return result.rowCount ?? 0;
  }

  override async deleteByMark(mark: string | string[]): Promise<number> {
    const marks = stringListArgument(mark, "mark", false);
    if (marks.length === 0) return 0;
    const result = await this.#serial(() =>
      this.#db.query(
        `DELETE FROM ${this.#table} WHERE user_id = $1 AND session_id = $2 AND marks && $3::text[]`,
        [this.userId, this.sessionId, marks],
        this.#what("delete messages by mark"),
      ),
    );
    return result.rowCount ?? 0;
  }

  override async clear(): Promise<void> {
    await this.#serial(() =>
      this.#db.query(
        `DELETE FROM ${this.#table} WHERE user_id = $1 AND session_id = $2`,
        [this.userId, this.sessionId],
        this.#what("clear memory"),
      ),
    );
  }

  override async size(): Promise<number> {
    const { rows } = await this.#serial(() =>
      this.#db.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${this.#table} WHERE user_id = $1 AND session_id = $2`,
        [this.userId, this.sessionId],
        this.#what("count memory"),
      ),
    );
    return Number(rows[0]?.n ?? 0);
  }

  override async updateMessagesMark(options: UpdateMessagesMarkOptions): Promise<number> {
    const newMark = optionalMarkArgument(options.newMark, "newMark");
    const oldMark = optionalMarkArgument(options.oldMark, "oldMark");
    const ids =
      options.msgIds === undefined || options.msgIds === null
        ? null
        : stringListArgument(options.msgIds, "msgIds", false, "message ids");
    const filter = `user_id = $1 AND session_id = $2
      AND ($3::text IS NULL OR $3 = ANY(marks))
      AND ($4::text[] IS NULL OR msg_id = ANY($4::text[]))`;
    const args = [this.userId, this.sessionId, oldMark, ids];
    const what = this.#what("update message marks");
    if (newMark === null) {
      // Removing: only with an old mark, as InMemoryMemory does.
      if (oldMark === null) return 0;
      const result = await this.#serial(() =>
        this.#db.query(
          `UPDATE ${this.#table} SET marks = array_remove(marks, $3) WHERE ${filter}`,
          args,
          what,
        ),
      );
      return result.rowCount ?? 0;
    }
    // Replace (or add) the mark; count the messages that did not carry the new mark already.
    const { rows } = await this.#serial(() =>
      this.#db.query<{ n: string }>(
        `WITH target AS (
         SELECT pos, array_remove(marks, $3) AS rest FROM ${this.#table} WHERE ${filter} FOR UPDATE
       ), changed AS (
         UPDATE ${this.#table} AS t
         SET marks = CASE WHEN $5 = ANY(target.rest) THEN target.rest ELSE array_append(target.rest, $5) END
         FROM target
         WHERE t.user_id = $1 AND t.session_id = $2 AND t.pos = target.pos
         RETURNING NOT ($5 = ANY(target.rest)) AS added
       )
       SELECT count(*) FILTER (WHERE added) AS n FROM changed`,
        [...args, newMark],
        what,
      ),
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Closes the pool (unless one was passed in). */
  async close(): Promise<void> {
    await this.#db.close();
  }

  /** Closes the pool: `await using memory = new PostgresMemory(…)`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}
