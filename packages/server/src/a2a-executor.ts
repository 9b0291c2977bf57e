import { type Part, TaskState } from "@a2a-js/sdk";
import type { AgentExecutor, ExecutionEventBus, RequestContext } from "@a2a-js/sdk/server";
import { a2aMessageToMsg, publishStatus, publishTask, textPart } from "@agentscope-ts/a2a";
import { RemoteTaskBus } from "./a2a-event-bus-manager.js";
import { followRun } from "./a2a-run-follower.js";
import { compareEventIds, EVENT_ID_KEY, positionOf, RUN_ID_KEY } from "./a2a-task-store.js";
import type { ServiceBackend, SessionKey } from "./backend.js";
import { keyString } from "./backend.js";
import { errorText } from "./event-payload.js";
import type { SessionRunner } from "./session-runner.js";

/** Options of {@link SessionA2AExecutor}. */
export interface SessionA2AExecutorOptions {
  /** The hosted agent this executor serves. */
  agentName: string;
  /** The server's runner: A2A turns are runs like those of `POST /v1/sessions/:id/messages`. */
  runner: SessionRunner;
  /** The server's backend: the executor follows the run's events in its log. */
  backend: ServiceBackend;
  /** Shortest time between two streamed-text updates, in ms (faster deltas go together). Default 50. */
  streamInterval?: number;
  /** Longest an A2A turn is followed, in ms; then the task ends `failed`. Default 10 min. */
  maxTurnMs?: number;
  /** How many sessions' log positions are remembered (least recently used leave). Default 1 000. */
  maxCursors?: number;
}

const SESSION_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Serves a hosted agent over A2A on the server's own sessions: the A2A `contextId` is the session
 * id of the calling user, and each A2A message starts a run through the `SessionRunner` (lease,
 * checkpoints after every step, approvals, recovery), exactly as `POST /v1/sessions/:id/messages`
 * does. The executor follows the run's events in the backend's log and publishes them as task
 * updates (see `followRun`): streamed text as `working` status messages, tool calls and results
 * as data parts, the reply as an artifact then `completed`; a run parked for approval ends
 * `input-required`, an interrupted one `canceled`, a failed one `failed` with the error as text.
 * The task records its run and log position, so another replica can follow or cancel it.
 */
export class SessionA2AExecutor implements AgentExecutor {
  readonly #o: SessionA2AExecutorOptions;
  readonly #running = new Map<string, SessionKey>();
  // Where each session's log was last read, so a turn does not rescan the session's history.
  readonly #cursors = new Map<string, string>();

  constructor(options: SessionA2AExecutorOptions) {
    this.#o = options;
  }

  /** Runs one A2A message as a session run and publishes the run's events on `eventBus`. */
  execute = async (requestContext: RequestContext, eventBus: ExecutionEventBus): Promise<void> => {
    const { taskId, contextId } = requestContext;
    const task = publishTask(requestContext, eventBus);
    const status = (state: TaskState, parts?: Part[], metadata?: Record<string, string>) =>
      publishStatus(eventBus, { taskId, contextId, state, parts, metadata });
    status(TaskState.TASK_STATE_WORKING);

    const user = requestContext.context.user;
    if (!user?.isAuthenticated || !user.userName) {
      status(TaskState.TASK_STATE_FAILED, [textPart("Not authenticated: send a bearer token.")]);
      return;
    }
    if (!SESSION_ID.test(contextId)) {
      status(TaskState.TASK_STATE_FAILED, [
        textPart(
          `Invalid contextId '${contextId.slice(0, 140)}': it names a server session, so use 1–128 letters, digits, '.', '_' or '-'.`,
        ),
      ]);
      return;
    }
    const key: SessionKey = { userId: user.userName, sessionId: contextId };
    const input = a2aMessageToMsg(user.userName, requestContext.userMessage);
    const k = keyString(key);
    // Read from where this replica or the task last was, whichever is later.
    let after = latest(this.#cursors.get(k) ?? "0", positionOf(task) || "0");
    let runId: string;
    try {
      ({ runId } = await this.#o.runner.startMessage(key, input, this.#o.agentName));
    } catch (error) {
      status(TaskState.TASK_STATE_FAILED, [textPart(this.#o.runner.mask.text(plainError(error)))]);
      return;
    }
    // Bind the run to the task: any replica can now follow or cancel it.
    status(TaskState.TASK_STATE_WORKING, undefined, { [RUN_ID_KEY]: runId, [EVENT_ID_KEY]: after });

    this.#running.set(taskId, key);
    const stop = AbortSignal.timeout(this.#o.maxTurnMs ?? 600_000);
    try {
      const followed = await followRun({ key, runId, taskId, contextId, after }, eventBus, {
        backend: this.#o.backend,
        streamInterval: this.#o.streamInterval ?? 50,
        stop,
      });
      after = followed.after;
      if (!followed.ended) {
        status(TaskState.TASK_STATE_FAILED, [
          textPart(
            `The run ${runId} did not end within the A2A turn's limit; follow it at GET /v1/sessions/${contextId}/events.`,
          ),
        ]);
      }
    } catch (error) {
      const failed = this.#o.runner.mask.text(`The run failed: ${plainError(error)}`);
      status(TaskState.TASK_STATE_FAILED, [textPart(failed)]);
    } finally {
      this.#running.delete(taskId);
      this.#remember(k, after);
    }
  };

  /**
   * Interrupts the session run behind `taskId` (here, or through the backend on the replica
   * running it); the run then ends the task `canceled`. A task with no run ends `canceled` now.
   */
  cancelTask = async (taskId: string, eventBus: ExecutionEventBus): Promise<void> => {
    if (eventBus instanceof RemoteTaskBus) eventBus.cancel();
    const local = this.#running.get(taskId);
    const remote = eventBus instanceof RemoteTaskBus ? await eventBus.target : null;
    const key = local ?? remote?.key;
    if (key) {
      await this.#o.runner.interrupt(key);
      return;
    }
    publishStatus(eventBus, { taskId, contextId: "", state: TaskState.TASK_STATE_CANCELED });
  };

  #remember(k: string, after: string): void {
    this.#cursors.delete(k);
    this.#cursors.set(k, after);
    const max = Math.max(1, this.#o.maxCursors ?? 1000);
    while (this.#cursors.size > max) {
      this.#cursors.delete(this.#cursors.keys().next().value as string);
    }
  }
}

const latest = (a: string, b: string): string => (compareEventIds(a, b) >= 0 ? a : b);

// A RunConflictError's message is written for clients; other errors get their class name too.
function plainError(error: unknown): string {
  return error instanceof Error && error.name === "RunConflictError"
    ? error.message
    : errorText(error);
}
