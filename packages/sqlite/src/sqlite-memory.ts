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
import { SqliteDatabase, type SqliteDatabaseOptions } from "./sqlite-database.js";

/** Options of {@link SqliteMemory}. */
export interface SqliteMemoryOptions extends SqliteDatabaseOptions {
  /** The session the messages belong to. Defaults to `"default_session"`. */
  sessionId?: string;
  /** The user the session belongs to. Defaults to `"default_user"`. */
  userId?: string;
}

const T = "agentscope_messages";
const HAS_MARK = "EXISTS (SELECT 1 FROM json_each(marks) WHERE value = ?)";

/**
 * A working memory in SQLite (`node:sqlite`): messages with their marks, in order, per user and
 * session, as AgentScope's SQL memory. Writes are `BEGIN IMMEDIATE` transactions, so several
 * processes appending to one file keep every message in one order; nothing is half-written.
 */
export class SqliteMemory extends MemoryBase {
  /** The session the messages belong to. */
  readonly sessionId: string;
  /** The user the session belongs to. */
  readonly userId: string;
  readonly #db: SqliteDatabase;

  constructor(options: SqliteMemoryOptions = {}) {
    super();
    this.sessionId = options.sessionId ?? "default_session";
    this.userId = options.userId ?? "default_user";
    this.#db = new SqliteDatabase(options);
  }

  /** The database file. */
  get dbPath(): string {
    return this.#db.path;
  }

  get #key(): [string, string] {
    return [this.userId, this.sessionId];
  }

  override async add(
    memories: Msg | Msg[] | null | undefined,
    options: MemoryAddOptions = {},
  ): Promise<void> {
    const list = memoryMessagesArgument(memories);
    const marks = JSON.stringify(stringListArgument(options.marks, "marks", true));
    if (list.length === 0) return;
    const db = this.#db.db;
    this.#db.transaction(() => {
      const exists = db.prepare(
        `SELECT 1 FROM ${T} WHERE user_id = ? AND session_id = ? AND msg_id = ? LIMIT 1`,
      );
      const keep = options.allowDuplicates
        ? list
        : list.filter((m) => exists.get(...this.#key, m.id) === undefined);
      // The last position through the primary key: one index probe, however long the session.
      const last = (db
        .prepare(
          `SELECT pos FROM ${T} WHERE user_id = ? AND session_id = ? ORDER BY pos DESC LIMIT 1`,
        )
        .get(...this.#key) as { pos: number } | undefined) ?? { pos: 0 };
      const insert = db.prepare(
        `INSERT INTO ${T} (user_id, session_id, pos, msg_id, msg, marks) VALUES (?, ?, ?, ?, ?, ?)`,
      );
      keep.forEach((m, i) => {
        insert.run(...this.#key, last.pos + i + 1, m.id, JSON.stringify(m.toDict()), marks);
      });
    }, "add messages to memory");
  }

  override async getMemory(options: GetMemoryOptions = {}): Promise<Msg[]> {
    const mark = optionalMarkArgument(options.mark, "mark");
    const excludeMark = optionalMarkArgument(options.excludeMark, "excludeMark");
    const where = [
      "user_id = ? AND session_id = ?",
      ...(mark === null ? [] : [HAS_MARK]),
      ...(excludeMark === null ? [] : [`NOT ${HAS_MARK}`]),
    ].join(" AND ");
    const args = [
      ...this.#key,
      ...(mark === null ? [] : [mark]),
      ...(excludeMark === null ? [] : [excludeMark]),
    ];
    const rows = this.#db.run(() => {
      const select = this.#db.db.prepare(`SELECT msg FROM ${T} WHERE ${where} ORDER BY pos`);
      // Rows as `[msg]` arrays where node:sqlite can (Node ≥ 22.16): no key per row (≈ 15 % of
      // a 100k-message read).
      if (typeof select.setReturnArrays === "function") {
        select.setReturnArrays(true);
        return select.all(...args) as unknown as [string][];
      }
      return (select.all(...args) as { msg: string }[]).map((row): [string] => [row.msg]);
    }, "read memory");
    const out: Msg[] = [];
    if ((options.prependSummary ?? true) && this.compressedSummary) {
      out.push(new Msg("user", this.compressedSummary, "user"));
    }
    for (let i = 0; i < rows.length; i++) {
      out.push(Msg.fromStoredDict(JSON.parse((rows[i] as [string])[0])));
    }
    return out;
  }

  override async delete(msgIds: string[]): Promise<number> {
    const ids = stringListArgument(msgIds, "msgIds", false, "message ids");
    if (ids.length === 0) return 0;
    return this.#db.transaction(() => {
      const del = this.#db.db.prepare(
        `DELETE FROM ${T} WHERE user_id = ? AND session_id = ? AND msg_id = ?`,
      );
      let removed = 0;
      for (const id of new Set(ids)) removed += Number(del.run(...this.#key, id).changes);
      return removed;
    }, "delete messages from memory");
  }

  override async deleteByMark(mark: string | string[]): Promise<number> {
    const marks = stringListArgument(mark, "mark", false);
    if (marks.length === 0) return 0;
    return this.#db.transaction(() => {
      const result = this.#db.db
        .prepare(
          `DELETE FROM ${T} WHERE user_id = ? AND session_id = ?
           AND EXISTS (SELECT 1 FROM json_each(marks) WHERE value IN (SELECT value FROM json_each(?)))`,
        )
        .run(...this.#key, JSON.stringify(marks));
      return Number(result.changes);
    }, "delete messages by mark");
  }

  override async clear(): Promise<void> {
    this.#db.transaction(() => {
      this.#db.db
        .prepare(`DELETE FROM ${T} WHERE user_id = ? AND session_id = ?`)
        .run(...this.#key);
    }, "clear memory");
  }

  override async size(): Promise<number> {
    const row = this.#db.run(
      () =>
        this.#db.db
          .prepare(`SELECT count(*) AS n FROM ${T} WHERE user_id = ? AND session_id = ?`)
          .get(...this.#key) as { n: number },
      "count memory",
    );
    return Number(row.n);
  }

  override async updateMessagesMark(options: UpdateMessagesMarkOptions): Promise<number> {
    const newMark = optionalMarkArgument(options.newMark, "newMark");
    const oldMark = optionalMarkArgument(options.oldMark, "oldMark");
    const ids =
      options.msgIds === undefined || options.msgIds === null
        ? null
        : new Set(stringListArgument(options.msgIds, "msgIds", false, "message ids"));
    if (newMark === null && oldMark === null) return 0;
    const db = this.#db.db;
    // The rules of InMemoryMemory, applied row by row in one transaction.
    return this.#db.transaction(() => {
      const rows = db
        .prepare(
          `SELECT pos, msg_id, marks FROM ${T} WHERE user_id = ? AND session_id = ?${oldMark === null ? "" : ` AND ${HAS_MARK}`} ORDER BY pos`,
        )
        .all(...this.#key, ...(oldMark === null ? [] : [oldMark])) as {
        pos: number;
        msg_id: string;
        marks: string;
      }[];
      const update = db.prepare(
        `UPDATE ${T} SET marks = ? WHERE user_id = ? AND session_id = ? AND pos = ?`,
      );
      let updated = 0;
      for (const row of rows) {
        if (ids !== null && !ids.has(row.msg_id)) continue;
        const marks = JSON.parse(row.marks) as string[];
        let changed = false;
        if (oldMark !== null) {
          const at = marks.indexOf(oldMark);
          if (at >= 0) {
            marks.splice(at, 1);
            changed = true;
            if (newMark === null) updated++;
          }
        }
        if (newMark !== null && !marks.includes(newMark)) {
          marks.push(newMark);
          changed = true;
          updated++;
        }
        if (changed) update.run(JSON.stringify(marks), ...this.#key, row.pos);
      }
      return updated;
    }, "update message marks");
  }

  /** Closes the database (unless one was passed in). */
  async close(): Promise<void> {
    this.#db.close();
  }
}
