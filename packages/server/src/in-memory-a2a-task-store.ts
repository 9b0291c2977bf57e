import type { ListTasksRequest, ListTasksResponse, Task } from "@a2a-js/sdk";
import type { ServerCallContext, TaskStore } from "@a2a-js/sdk/server";
import {
  type A2ATaskStoreOptions,
  decodeTask,
  encodeTask,
  listTasks,
  mayReplace,
  positionOf,
  scopeOf,
  taskStoreLimits,
} from "./a2a-task-store.js";

interface Entry {
  json: string;
  position: string;
  expiresAt: number;
}

/**
 * The A2A tasks of a single-node server (with `InMemoryBackend`): in this process, at most
 * `maxTasksPerUser` per user (least recently updated leave first) for at most 1 000 users (least
 * recently active leave first), each expiring `ttlMs` after its last update. Same rules as
 * `RedisA2ATaskStore`.
 */
export class InMemoryA2ATaskStore implements TaskStore {
  readonly #limits: Required<A2ATaskStoreOptions>;
  // user scope → task id → task, both in least-recently-updated-first order.
  readonly #users = new Map<string, Map<string, Entry>>();

  constructor(options: A2ATaskStoreOptions = {}) {
    this.#limits = taskStoreLimits(options);
  }

  /** Saves the task unless the stored one is from a later log position. */
  async save(task: Task, context: ServerCallContext): Promise<void> {
    const scope = scopeKey(context);
    const stored = this.#live(scope, task.id);
    const position = positionOf(task);
    if (stored && !mayReplace(stored.position, position)) return;
    const tasks = this.#users.get(scope) ?? new Map<string, Entry>();
    this.#users.delete(scope);
    this.#users.set(scope, tasks);
    tasks.delete(task.id);
    tasks.set(task.id, {
      json: encodeTask(task, this.#limits.maxTaskBytes),
      position: position || (stored?.position ?? ""),
      expiresAt: Date.now() + this.#limits.ttlMs,
    });
    for (const id of tasks.keys()) {
      if (tasks.size <= this.#limits.maxTasksPerUser) break;
      tasks.delete(id);
    }
    for (const user of this.#users.keys()) {
      if (this.#users.size <= MAX_USERS) break;
      this.#users.delete(user);
    }
  }

  /** The caller's task, or `undefined`. */
  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const entry = this.#live(scopeKey(context), taskId);
    return entry ? decodeTask(entry.json) : undefined;
  }

  /** The caller's tasks, filtered and paged as the SDK does. */
  async list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    const scope = scopeKey(context);
    const mine: Task[] = [];
    for (const id of [...(this.#users.get(scope)?.keys() ?? [])]) {
      const entry = this.#live(scope, id);
      if (entry) mine.push(decodeTask(entry.json));
    }
    return listTasks(mine, params, context);
  }

  #live(scope: string, taskId: string): Entry | undefined {
    const tasks = this.#users.get(scope);
    const entry = tasks?.get(taskId);
    if (entry && entry.expiresAt <= Date.now()) {
      tasks?.delete(taskId);
      return undefined;
    }
    return entry;
  }
}

const MAX_USERS = 1000;

function scopeKey(context: ServerCallContext): string {
  const { tenant, owner } = scopeOf(context);
  return `${tenant}\0${owner}`;
}
