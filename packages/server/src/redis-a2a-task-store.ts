import type { ListTasksRequest, ListTasksResponse, Task } from "@a2a-js/sdk";
import type { ServerCallContext, TaskStore } from "@a2a-js/sdk/server";
import { luaScript, type RedisConnection } from "@agentscope-ts/redis";
import {
  type A2ATaskStoreOptions,
  decodeTask,
  encodeTask,
  listTasks,
  positionOf,
  scopeOf,
  taskStoreLimits,
} from "./a2a-task-store.js";
import { type RedisBackend, sharedRedisOf } from "./redis-backend.js";

// One atomic save: refuse a task from an older log position than the stored one, write it with
// its TTL, and index it in the user's set by update time (dropping the oldest past the cap).
// KEYS: task hash, user index. ARGV: task JSON, position, ttl ms, task id, max per user,
// the key prefix of the user's tasks.
const SAVE = luaScript(`
local function pos(s)
  local ms, seq = string.match(s or '', '^(%d+)-(%d+)$')
  if ms then return tonumber(ms), tonumber(seq) end
  return tonumber(s) or 0, 0
end
local cur = redis.call('HGET', KEYS[1], 'pos')
local new = ARGV[2]
if cur and cur ~= '' and new ~= '' then
  local cm, cs = pos(cur)
  local nm, ns = pos(new)
  if nm < cm or (nm == cm and ns < cs) then return 0 end
end
if new == '' and cur then new = cur end
redis.call('HSET', KEYS[1], 'task', ARGV[1], 'pos', new)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local t = redis.call('TIME')
redis.call('ZADD', KEYS[2], tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000), ARGV[4])
local max = tonumber(ARGV[5])
for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, -max - 1)) do
  redis.call('DEL', ARGV[6] .. id)
end
redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -max - 1)
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1
`);

const enc = encodeURIComponent;

/**
 * The A2A tasks of a server on `RedisBackend`, in the Redis its replicas share (so `GetTask`,
 * `CancelTask` and resubscribing work on any replica): one hash per task at
 * `<prefix>agentscope_server:a2a_task[:<namespace>]:<tenant>:<user>:<taskId>` (the task's JSON and its log
 * position), expiring `ttlMs` after its last update, and a per-user index by update time capped
 * at `maxTasksPerUser`. A save from an older position of the run's event log than the stored one
 * is refused (see `mayReplace`).
 */
export class RedisA2ATaskStore implements TaskStore {
  readonly #connection: RedisConnection;
  readonly #prefix: string;
  readonly #limits: Required<A2ATaskStoreOptions>;

  /** `namespace` (e.g. the agent's name) keeps apart the tasks of stores on one backend. */
  constructor(backend: RedisBackend, options: A2ATaskStoreOptions = {}, namespace = "") {
    const shared = sharedRedisOf(backend);
    this.#connection = shared.connection;
    this.#prefix = `${shared.keyPrefix}agentscope_server:a2a_task${namespace ? `:${enc(namespace)}` : ""}`;
    this.#limits = taskStoreLimits(options);
  }

  #userPrefix(context: ServerCallContext): string {
    const { tenant, owner } = scopeOf(context);
    return `${this.#prefix}:${enc(tenant)}:${enc(owner)}:`;
  }

  /** Saves the task unless the stored one is from a later log position. */
  async save(task: Task, context: ServerCallContext): Promise<void> {
    const user = this.#userPrefix(context);
    await this.#connection.eval(
      SAVE,
      [`${user}${enc(task.id)}`, `${user}index`],
      [
        encodeTask(task, this.#limits.maxTaskBytes),
        positionOf(task),
        String(this.#limits.ttlMs),
        enc(task.id),
        String(this.#limits.maxTasksPerUser),
        user,
      ],
      "save the A2A task",
    );
  }

  /** The caller's task, or `undefined`. */
  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const key = `${this.#userPrefix(context)}${enc(taskId)}`;
    const json = await this.#connection.call(["HGET", key, "task"], "load the A2A task");
    return json === null || json === undefined ? undefined : decodeTask(String(json));
  }

  /** The caller's tasks (at most `maxTasksPerUser`), filtered and paged as the SDK does. */
  async list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    const user = this.#userPrefix(context);
    const ids = (await this.#connection.call(
      ["ZRANGE", `${user}index`, "0", "-1"],
      "list the A2A tasks",
    )) as string[];
    const tasks: Task[] = [];
    for (const id of ids) {
      const json = await this.#connection.call(
        ["HGET", `${user}${id}`, "task"],
        "load an A2A task",
      );
      if (json !== null && json !== undefined) tasks.push(decodeTask(String(json)));
    }
    return listTasks(tasks, params, context);
  }
}
