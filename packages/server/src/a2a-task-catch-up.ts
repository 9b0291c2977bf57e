import { TaskState } from "@a2a-js/sdk";
import {
  DefaultExecutionEventBus,
  ResultManager,
  type ServerCallContext,
  type TaskStore,
} from "@a2a-js/sdk/server";
import { StreamedHistoryTaskStore } from "@agentscope-ts/a2a";
import { followRun } from "./a2a-run-follower.js";
import { positionOf, RUN_ID_KEY } from "./a2a-task-store.js";
import type { ServiceBackend } from "./backend.js";

/**
 * Brings a stored task up to what its run has logged, before a read (`GetTask`): the updates
 * from the task's log position on are applied to the store, as the replica serving the task's
 * stream would have. So a task whose serving replica died (its run recovered and finished on
 * another) still reads `completed` with its answer, and a read during a run sees the newest
 * state. Safe beside a live writer: updates are the same whoever derives them, and the store
 * refuses older positions. A task not running, or bound to no run, is left alone.
 */
export async function catchUpTask(
  store: TaskStore,
  backend: ServiceBackend,
  taskId: string,
  context: ServerCallContext,
  timeoutMs = 10_000,
): Promise<void> {
  const userId = context.user?.userName;
  const task = await store.load(taskId, context);
  const runId = task?.metadata?.[RUN_ID_KEY];
  const state = task?.status?.state;
  if (!task || !userId || typeof runId !== "string") return;
  if (state !== TaskState.TASK_STATE_WORKING && state !== TaskState.TASK_STATE_SUBMITTED) return;
  const results = new ResultManager(new StreamedHistoryTaskStore(store), context);
  const bus = new DefaultExecutionEventBus();
  let applied = Promise.resolve();
  bus.on("event", (event) => {
    applied = applied.then(() => results.processEvent(event));
  });
  await followRun(
    {
      key: { userId, sessionId: task.contextId },
      runId,
      taskId,
      contextId: task.contextId,
      after: positionOf(task) || "0",
    },
    bus,
    { backend, streamInterval: 0, stop: AbortSignal.timeout(timeoutMs), drain: true },
  );
  await applied;
}
