import { type ListTasksRequest, type ListTasksResponse, Task } from "@a2a-js/sdk";
import { InMemoryTaskStore, type ServerCallContext, type TaskStore } from "@a2a-js/sdk/server";
import { StateError } from "@agentscope-ts/core";

/** Task metadata key: the position in the session's event log the stored task reflects. */
export const EVENT_ID_KEY = "agentscope_event_id";
/** Task metadata key: the server run behind the task's current turn. */
export const RUN_ID_KEY = "agentscope_run_id";

/** Options of the A2A task stores (`a2a: { tasks: … }` of `createAgentServer`). */
export interface A2ATaskStoreOptions {
  /** How long a task is kept after its last update, in ms. Default 7 days. */
  ttlMs?: number;
  /** The largest stored task, in bytes of JSON; older history is dropped to fit. Default 1 MiB. */
  maxTaskBytes?: number;
  /** The most tasks kept per user (oldest updated leave first). Default 1 000. */
  maxTasksPerUser?: number;
}

/** The options with their defaults. */
export function taskStoreLimits(options: A2ATaskStoreOptions = {}): Required<A2ATaskStoreOptions> {
  return {
    ttlMs: options.ttlMs ?? 7 * 24 * 3600_000,
    maxTaskBytes: options.maxTaskBytes ?? 1024 * 1024,
    maxTasksPerUser: Math.max(1, options.maxTasksPerUser ?? 1000),
  };
}

/** Whose task: the SDK scopes tasks by tenant and the bound user's name. */
export function scopeOf(context: ServerCallContext): { tenant: string; owner: string } {
  return { tenant: context.tenant ?? "", owner: context.user?.userName ?? "" };
}

/** The log position a task was saved at (`""` when none). */
export function positionOf(task: Task): string {
  const id = task.metadata?.[EVENT_ID_KEY];
  return typeof id === "string" ? id : "";
}

/** Orders two event ids (`<ms>-<seq>`, or `"0"`): negative when `a` comes first. */
export function compareEventIds(a: string, b: string): number {
  const [am = 0, as = 0] = a.split("-").map(Number);
  const [bm = 0, bs = 0] = b.split("-").map(Number);
  return am !== bm ? am - bm : as - bs;
}

/**
 * The task as stored JSON (the protocol's JSON form), dropping its oldest history entries when it
 * is larger than `maxBytes`; a `StateError` when its artifacts alone are.
 */
export function encodeTask(task: Task, maxBytes: number): string {
  let json = JSON.stringify(Task.toJSON(task));
  if (json.length <= maxBytes) return json;
  const trimmed = structuredClone(task);
  while (json.length > maxBytes && trimmed.history.length > 0) {
    trimmed.history.splice(0, Math.max(1, Math.ceil(trimmed.history.length / 4)));
    json = JSON.stringify(Task.toJSON(trimmed));
  }
  if (json.length > maxBytes) {
    throw new StateError(
      `A2A task ${task.id} takes ${json.length} bytes without its history, over maxTaskBytes (${maxBytes}); raise a2a.tasks.maxTaskBytes.`,
    );
  }
  return json;
}

/** A stored task back as the SDK's `Task`. */
export function decodeTask(json: string): Task {
  return Task.fromJSON(JSON.parse(json));
}

/** Lists `tasks` (all of the caller's) as the SDK's own store does: filters, order, pages. */
export async function listTasks(
  tasks: Task[],
  params: ListTasksRequest,
  context: ServerCallContext,
): Promise<ListTasksResponse> {
  const view = new InMemoryTaskStore();
  for (const task of tasks) await view.save(task, context);
  return view.list(params, context);
}

/**
 * Whether a save may replace the stored task: never with one from an older log position, so two
 * replicas following the same run (the one serving the stream, one serving a cancel) cannot
 * write a task back to an earlier state.
 */
export function mayReplace(stored: string, incoming: string): boolean {
  return stored === "" || incoming === "" || compareEventIds(incoming, stored) >= 0;
}

/** A task store the replicas share. */
export type SharedTaskStore = TaskStore & { close?(): Promise<void> };
