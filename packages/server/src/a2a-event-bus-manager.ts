import { TaskState } from "@a2a-js/sdk";
import {
  DefaultExecutionEventBus,
  DefaultExecutionEventBusManager,
  type EventListener,
  type ExecutionEventBus,
  type ExecutionEventBusManager,
  type ExecutionEventName,
  type FinishedListener,
  type ServerCallContext,
  type TaskStore,
} from "@a2a-js/sdk/server";
import { type FollowOptions, followRun, type RunFollow } from "./a2a-run-follower.js";
import { positionOf, RUN_ID_KEY } from "./a2a-task-store.js";
import type { ServiceBackend } from "./backend.js";

/** Options of {@link ReplicaEventBusManager}. */
export interface ReplicaEventBusManagerOptions {
  /** The shared task store (where a task's run and log position are found). */
  taskStore: TaskStore;
  backend: ServiceBackend;
  /** Shortest time between two streamed-text updates, in ms. */
  streamInterval: number;
  /** The longest a task running elsewhere is followed, in ms. */
  maxTurnMs: number;
  /**
   * The longest a `CancelTask` for a task running elsewhere waits for the run to end, in ms;
   * then it answers that the task could not be canceled. Default 30 000.
   */
  cancelWaitMs?: number;
}

/**
 * The event bus of a task that runs on another replica (or whose replica is gone): fed by
 * following the task's run in the session's event log from the position its stored task
 * reflects. `target` is that run, or `null` when the task has none running (then the bus
 * finishes at once, unless a cancel is on its way: `SessionA2AExecutor.cancelTask` ends it).
 */
export class RemoteTaskBus extends DefaultExecutionEventBus {
  /** The run this bus follows, once the stored task was read. */
  readonly target: Promise<RunFollow | null>;
  /** Set by {@link RemoteTaskBus.cancel}: the executor's `cancelTask` then ends the bus itself. */
  canceling = false;
  readonly #abort = new AbortController();
  readonly #cancelWaitMs: number;
  #listeners = 0;

  constructor(
    target: Promise<RunFollow | null>,
    follow: Omit<FollowOptions, "stop">,
    maxMs: number,
    cancelWaitMs = 30_000,
  ) {
    super();
    this.target = target;
    this.#cancelWaitMs = cancelWaitMs;
    target.then(
      async (run) => {
        if (!run) {
          if (!this.canceling) this.finished();
          return;
        }
        const stop = AbortSignal.any([this.#abort.signal, AbortSignal.timeout(maxMs)]);
        try {
          await followRun(run, this, { ...follow, stop });
        } finally {
          this.#abort.abort();
          this.finished();
        }
      },
      () => this.finished(),
    );
  }

  /** Marks the bus as serving a cancel: following the run stops after `cancelWaitMs`. */
  cancel(): void {
    this.canceling = true;
    const timer = setTimeout(() => this.#abort.abort(), this.#cancelWaitMs);
    timer.unref?.();
    this.#abort.signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
  }

  override on(eventName: "event", listener: EventListener): this;
  override on(eventName: "finished", listener: FinishedListener): this;
  override on(eventName: ExecutionEventName, listener: EventListener | FinishedListener): this {
    if (eventName === "event") this.#listeners++;
    return super.on(eventName as "event", listener as EventListener);
  }

  // Once nobody listens (the resubscriber left, the cancel settled), stop reading the log.
  override off(eventName: "event", listener: EventListener): this;
  override off(eventName: "finished", listener: FinishedListener): this;
  override off(eventName: ExecutionEventName, listener: EventListener | FinishedListener): this {
    super.off(eventName as "event", listener as EventListener);
    if (eventName === "event" && --this.#listeners <= 0) this.#abort.abort();
    return this;
  }
}

/**
 * The SDK's event-bus manager, extended across replicas: a task running here has its in-process
 * bus; for any other, `getByTaskId` (used by `CancelTask` and resubscribing) answers a
 * {@link RemoteTaskBus} that follows the task's run in the shared event log, so both work on
 * every replica behind a load balancer.
 */
export class ReplicaEventBusManager implements ExecutionEventBusManager {
  readonly #local = new DefaultExecutionEventBusManager();
  readonly #o: ReplicaEventBusManagerOptions;

  constructor(options: ReplicaEventBusManagerOptions) {
    this.#o = options;
  }

  /** The task's in-process bus, made when its execution starts here. */
  createOrGetByTaskId(taskId: string, context?: ServerCallContext): ExecutionEventBus {
    return this.#local.createOrGetByTaskId(taskId, context);
  }

  /** The in-process bus, or one following the task's run from the shared log. */
  getByTaskId(taskId: string, context?: ServerCallContext): ExecutionEventBus | undefined {
    const local = this.#local.getByTaskId(taskId, context);
    if (local || !context) return local;
    const { backend, streamInterval, maxTurnMs, cancelWaitMs } = this.#o;
    const follow = { backend, streamInterval };
    return new RemoteTaskBus(this.#runOf(taskId, context), follow, maxTurnMs, cancelWaitMs);
  }

  /** Releases the in-process bus. */
  cleanupByTaskId(taskId: string, context?: ServerCallContext): void {
    this.#local.cleanupByTaskId(taskId, context);
  }

  async #runOf(taskId: string, context: ServerCallContext): Promise<RunFollow | null> {
    const userId = context.user?.userName;
    const task = await this.#o.taskStore.load(taskId, context);
    const runId = task?.metadata?.[RUN_ID_KEY];
    const state = task?.status?.state;
    if (!task || !userId || typeof runId !== "string") return null;
    if (state !== TaskState.TASK_STATE_WORKING && state !== TaskState.TASK_STATE_SUBMITTED) {
      return null;
    }
    return {
      key: { userId, sessionId: task.contextId },
      runId,
      taskId,
      contextId: task.contextId,
      after: positionOf(task) || "0",
    };
  }
}
