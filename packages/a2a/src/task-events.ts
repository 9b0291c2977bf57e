import { type Message, type Part, Role, type Task, TaskState } from "@a2a-js/sdk";
import {
  AgentEvent as A2AEvent,
  type ExecutionEventBus,
  type RequestContext,
} from "@a2a-js/sdk/server";

/** An agent message of task `taskId`. */
export function agentMessage(
  taskId: string,
  contextId: string,
  parts: Part[],
  messageId: string,
  metadata?: object,
): Message {
  return {
    messageId,
    contextId,
    taskId,
    role: Role.ROLE_AGENT,
    parts,
    metadata: metadata as Message["metadata"],
    extensions: [],
    referenceTaskIds: [],
  };
}

/**
 * Publishes the task a request works on: the stored task (copied) when the request continues one,
 * else a new `submitted` task holding the user's message.
 */
export function publishTask(requestContext: RequestContext, eventBus: ExecutionEventBus): Task {
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
  return task;
}

/** One status update of a task: its state and, with `parts`, an agent message. */
export interface StatusUpdate {
  taskId: string;
  contextId: string;
  state: TaskState;
  /** The agent message's parts; none sends the state alone. */
  parts?: Part[] | undefined;
  /** The agent message's id (default a random UUID). */
  messageId?: string | undefined;
  /** The agent message's metadata. */
  messageMetadata?: object | undefined;
  /** The update's own metadata. */
  metadata?: Record<string, unknown> | undefined;
}

/** Publishes a status update of a task, timestamped now. */
export function publishStatus(eventBus: ExecutionEventBus, update: StatusUpdate): void {
  const { taskId, contextId, state, parts } = update;
  eventBus.publish(
    A2AEvent.statusUpdate({
      taskId,
      contextId,
      status: {
        state,
        message: parts
          ? agentMessage(
              taskId,
              contextId,
              parts,
              update.messageId ?? crypto.randomUUID(),
              update.messageMetadata,
            )
          : undefined,
        timestamp: now(),
      },
      metadata: update.metadata as Task["metadata"],
    }),
  );
}

const now = (): string => new Date().toISOString();
