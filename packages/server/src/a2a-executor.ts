import { type Message, type Part, Role, type Task, TaskState } from "@a2a-js/sdk";
import {
  AgentEvent as A2AEvent,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
} from "@a2a-js/sdk/server";
import { a2aMessageToMsg, blocksToParts, DeltaCoalescer, textPart } from "@agentscope-ts/a2a";
import { type ContentBlock, Msg } from "@agentscope-ts/core";
import type { ServiceBackend, SessionKey, StoredEvent } from "./backend.js";
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
 * updates: streamed text as `working` status messages, tool calls and results as data parts, the
 * reply as an artifact then `completed`; a run parked for approval ends `input-required`, an
 * interrupted one `canceled`, a failed one `failed` with the error as text.
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
    const task: Task = requestContext.task
      ? structuredClone(requestContext.task)
      : {
          id: taskId,
          contextId,
          status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: now() },
          artifacts: [],
          history: [requestContext.userMessage],
          metadata: undefined,
        };
    eventBus.publish(A2AEvent.task(task));
    const status = (state: TaskState, parts?: Part[], messageId?: string, msgId?: string) =>
      eventBus.publish(
        A2AEvent.statusUpdate({
          taskId,
          contextId,
          status: {
            state,
            message: parts ? agentMessage(taskId, contextId, parts, messageId, msgId) : undefined,
            timestamp: now(),
          },
          metadata: undefined,
        }),
      );
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
    let runId: string;
    try {
      ({ runId } = await this.#o.runner.startMessage(key, input, this.#o.agentName));
    } catch (error) {
      status(TaskState.TASK_STATE_FAILED, [textPart(this.#o.runner.mask.text(plainError(error)))]);
      return;
    }

    this.#running.set(taskId, key);
    const text = new DeltaCoalescer(
      (msgId, delta) =>
        status(TaskState.TASK_STATE_WORKING, [textPart(delta)], `${taskId}:${msgId}`, msgId),
      this.#o.streamInterval ?? 50,
    );
    const stop = AbortSignal.timeout(this.#o.maxTurnMs ?? 600_000);
    const k = keyString(key);
    let after = this.#cursors.get(k) ?? "0";
    let ended = false;
    const turn: Turn = {};
    try {
      while (!ended && !stop.aborted) {
        const events = await this.#o.backend.readEvents(key, after, {
          blockMs: 5_000,
          count: 200,
          signal: stop,
        });
        for (const event of events) {
          after = event.id;
          if (event.runId !== runId) continue;
          if (event.type === "model_chunk") {
            const { msgId, delta, last } = event.data as {
              msgId: string;
              delta: { text?: string };
              last: boolean;
            };
            if (delta.text) text.push(msgId, delta.text);
            if (last) text.flush();
            continue;
          }
          text.flush();
          ended = this.#publish(event, taskId, contextId, eventBus, status, turn);
          if (ended) break;
        }
      }
      if (!ended) {
        status(TaskState.TASK_STATE_FAILED, [
          textPart(
            `The run ${runId} did not end within the A2A turn's limit; follow it at GET /v1/sessions/${contextId}/events.`,
          ),
        ]);
      }
    } catch (error) {
      text.flush();
      const failed = this.#o.runner.mask.text(`The run failed: ${plainError(error)}`);
      status(TaskState.TASK_STATE_FAILED, [textPart(failed)]);
    } finally {
      text.flush();
      this.#running.delete(taskId);
      this.#remember(k, after);
    }
  };

  /** Interrupts the session run behind `taskId`; the run then ends the task `canceled`. */
  cancelTask = async (taskId: string, eventBus: ExecutionEventBus): Promise<void> => {
    const key = this.#running.get(taskId);
    if (key) {
      await this.#o.runner.interrupt(key);
      return;
    }
    eventBus.publish(
      A2AEvent.statusUpdate({
        taskId,
        contextId: "",
        status: { state: TaskState.TASK_STATE_CANCELED, message: undefined, timestamp: now() },
        metadata: undefined,
      }),
    );
  };

  // Publishes one logged event; true when it ends the task.
  #publish(
    event: StoredEvent,
    taskId: string,
    contextId: string,
    eventBus: ExecutionEventBus,
    status: (state: TaskState, parts?: Part[], messageId?: string, msgId?: string) => void,
    turn: Turn,
  ): boolean {
    const data = event.data;
    switch (event.type) {
      case "tool_call":
        status(
          TaskState.TASK_STATE_WORKING,
          blocksToParts([data.toolUse as ContentBlock]),
          undefined,
          data.msgId as string,
        );
        return false;
      case "tool_result_chunk":
        if (data.last === true) {
          status(
            TaskState.TASK_STATE_WORKING,
            blocksToParts([data.toolResult as ContentBlock]),
            undefined,
            data.msgId as string,
          );
        }
        return false;
      case "reply": {
        // The task ends with the run (run_finished releases the session's lease), so the
        // client's next message finds the session free.
        const msg = Msg.fromDict(data.msg);
        const parts = blocksToParts(msg.getContentBlocks().filter((b) => b.type !== "thinking"));
        if (data.interrupted === true) {
          turn.final = { state: TaskState.TASK_STATE_CANCELED, parts };
        } else if (msg.metadata?.input_required === true) {
          turn.final = { state: TaskState.TASK_STATE_INPUT_REQUIRED, parts, msgId: msg.id };
        } else {
          eventBus.publish(
            A2AEvent.artifactUpdate({
              taskId,
              contextId,
              artifact: {
                artifactId: msg.id,
                name: "response",
                description: "",
                parts: parts.length > 0 ? parts : [textPart("")],
                metadata: { ...msg.metadata },
                extensions: [],
              },
              append: false,
              lastChunk: true,
              metadata: undefined,
            }),
          );
          turn.final = { state: TaskState.TASK_STATE_COMPLETED };
        }
        return false;
      }
      case "run_parked": {
        const pending = (data.pending ?? []) as { toolUse: { id: string; name: string } }[];
        const calls = pending.map((p) => `'${p.toolUse.name}' (${p.toolUse.id})`).join(", ");
        status(TaskState.TASK_STATE_INPUT_REQUIRED, [
          textPart(
            `The run waits for approval of ${calls || "tool calls"}: POST /v1/sessions/${contextId}/approvals/<toolCallId> with {"decision": "approve"|"deny"}.`,
          ),
        ]);
        return true;
      }
      case "run_failed":
        status(TaskState.TASK_STATE_FAILED, [
          textPart(`The agent failed: ${String(data.message ?? "unknown error")}`),
        ]);
        return true;
      case "run_interrupted":
      case "run_finished": {
        const fallback =
          event.type === "run_interrupted"
            ? TaskState.TASK_STATE_CANCELED
            : TaskState.TASK_STATE_COMPLETED;
        const final = turn.final ?? { state: fallback };
        status(final.state, final.parts, undefined, final.msgId);
        return true;
      }
      default:
        return false;
    }
  }

  #remember(k: string, after: string): void {
    this.#cursors.delete(k);
    this.#cursors.set(k, after);
    const max = Math.max(1, this.#o.maxCursors ?? 1000);
    while (this.#cursors.size > max) {
      this.#cursors.delete(this.#cursors.keys().next().value as string);
    }
  }
}

/** How the task ends once its run does. */
interface Turn {
  final?: { state: TaskState; parts?: Part[]; msgId?: string };
}

function agentMessage(
  taskId: string,
  contextId: string,
  parts: Part[],
  messageId: string | undefined,
  msgId: string | undefined,
): Message {
  return {
    messageId: messageId ?? crypto.randomUUID(),
    contextId,
    taskId,
    role: Role.ROLE_AGENT,
    parts,
    metadata: msgId ? { msg_id: msgId } : undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

// A RunConflictError's message is written for clients; other errors get their class name too.
function plainError(error: unknown): string {
  return error instanceof Error && error.name === "RunConflictError"
    ? error.message
    : errorText(error);
}

const now = (): string => new Date().toISOString();
