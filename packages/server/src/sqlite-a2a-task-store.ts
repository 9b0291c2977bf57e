import type { ListTasksRequest, ListTasksResponse, Task } from "@a2a-js/sdk";
import type { ServerCallContext, TaskStore } from "@a2a-js/sdk/server";
import type { SqliteDatabase } from "@agentscope-ts/sqlite";
import {
  type A2ATaskStoreOptions,
  decodeTask,
  encodeTask,
  listTasks,
  positionOf,
  scopeOf,
  taskStoreLimits,
} from "./a2a-task-store.js";
import { openSqliteFile } from "./sqlite-file.js";

/** Options of {@link SqliteA2ATaskStore}. */
export interface SqliteA2ATaskStoreOptions extends A2ATaskStoreOptions {
  /** The database file (created with its folder), or `":memory:"`. May be the checkpoints' file. */
  path: string;
}

/**
 * The A2A tasks of a single-node server in one SQLite file (`node:sqlite`), so they survive a
 * restart as `SqliteCheckpointStore` sessions do: pass it as `a2a: { taskStore }`. Same rules as
 * the Redis store: a save from an older log position is refused, a task is kept `ttlMs` after its
 * last update, at most `maxTasksPerUser` per user, each at most `maxTaskBytes`.
 */
export class SqliteA2ATaskStore implements TaskStore {
  readonly #database: SqliteDatabase;
  readonly #limits: Required<A2ATaskStoreOptions>;
  #clock = 0;

  constructor(options: SqliteA2ATaskStoreOptions) {
    this.#limits = taskStoreLimits(options);
    this.#database = openSqliteFile(
      options.path,
      `CREATE TABLE IF NOT EXISTS agentscope_server_a2a_tasks (
        tenant TEXT NOT NULL,
        owner TEXT NOT NULL,
        task_id TEXT NOT NULL,
        has_pos INTEGER NOT NULL,
        pos_ms INTEGER NOT NULL,
        pos_seq INTEGER NOT NULL,
        task TEXT NOT NULL,
        updated INTEGER NOT NULL,
        PRIMARY KEY (tenant, owner, task_id));
      CREATE INDEX IF NOT EXISTS agentscope_server_a2a_tasks_updated
        ON agentscope_server_a2a_tasks (tenant, owner, updated)`,
    );
  }

  get #db() {
    return this.#database.db;
  }

  // Milliseconds, strictly increasing within this store (orders saves in the same millisecond).
  #now(): number {
    this.#clock = Math.max(Date.now(), this.#clock + 1);
    return this.#clock;
  }

  /** Saves the task unless the stored one is from a later log position. */
  async save(task: Task, context: ServerCallContext): Promise<void> {
    const { tenant, owner } = scopeOf(context);
    const position = positionOf(task);
    const [ms = 0, seq = 0] = position.split("-").map(Number);
    const encoded = encodeTask(task, this.#limits.maxTaskBytes);
    const now = this.#now();
    // One transaction: the save and the bounds it keeps.
    this.#database.transaction(() => {
      this.#db
        .prepare(
          `INSERT INTO agentscope_server_a2a_tasks
             (tenant, owner, task_id, has_pos, pos_ms, pos_seq, task, updated)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (tenant, owner, task_id) DO UPDATE SET
             has_pos = MAX(has_pos, excluded.has_pos),
             pos_ms = CASE WHEN excluded.has_pos = 1 THEN excluded.pos_ms ELSE pos_ms END,
             pos_seq = CASE WHEN excluded.has_pos = 1 THEN excluded.pos_seq ELSE pos_seq END,
             task = excluded.task, updated = excluded.updated
           WHERE has_pos = 0 OR excluded.has_pos = 0 OR excluded.pos_ms > pos_ms
             OR (excluded.pos_ms = pos_ms AND excluded.pos_seq >= pos_seq)`,
        )
        .run(tenant, owner, task.id, position ? 1 : 0, ms, seq, encoded, now);
      // Bounds: expired tasks go, and the user's oldest beyond the cap.
      this.#db
        .prepare("DELETE FROM agentscope_server_a2a_tasks WHERE updated <= ?")
        .run(now - this.#limits.ttlMs);
      this.#db
        .prepare(
          `DELETE FROM agentscope_server_a2a_tasks WHERE tenant = ? AND owner = ? AND task_id NOT IN
             (SELECT task_id FROM agentscope_server_a2a_tasks WHERE tenant = ? AND owner = ?
              ORDER BY updated DESC LIMIT ?)`,
        )
        .run(tenant, owner, tenant, owner, this.#limits.maxTasksPerUser);
    }, "save the A2A task");
  }

  /** The caller's task, or `undefined` (also once expired). */
  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const { tenant, owner } = scopeOf(context);
    const row = this.#database.run(
      () =>
        this.#db
          .prepare(
            `SELECT task FROM agentscope_server_a2a_tasks
             WHERE tenant = ? AND owner = ? AND task_id = ? AND updated > ?`,
          )
          .get(tenant, owner, taskId, Date.now() - this.#limits.ttlMs) as
          | { task: string }
          | undefined,
      "load the A2A task",
    );
    return row ? decodeTask(row.task) : undefined;
  }

  /** The caller's tasks, filtered and paged as the SDK does. */
  async list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    const { tenant, owner } = scopeOf(context);
    const rows = this.#database.run(
      () =>
        this.#db
          .prepare(
            `SELECT task FROM agentscope_server_a2a_tasks
             WHERE tenant = ? AND owner = ? AND updated > ?`,
          )
          .all(tenant, owner, Date.now() - this.#limits.ttlMs) as { task: string }[],
      "list the A2A tasks",
    );
    return listTasks(
      rows.map((r) => decodeTask(r.task)),
      params,
      context,
    );
  }

  /** Closes the database. */
  async close(): Promise<void> {
    this.#database.close();
  }
}
