import { type Part, TaskState } from "@a2a-js/sdk";
import { AgentEvent as A2AEvent, type ExecutionEventBus } from "@a2a-js/sdk/server";
import {
  blocksToParts,
  DeltaCoalescer,
  publishStatus,
  TEXT_OFFSET_KEY,
  textPart,
} from "@agentscope-ts/a2a";
import { type ContentBlock, Msg } from "@agentscope-ts/core";
import { EVENT_ID_KEY, RUN_ID_KEY } from "./a2a-task-store.js";
import type { ServiceBackend, SessionKey, StoredEvent } from "./backend.js";

/** Which run of which session a task follows, and from where in the session's log. */
export interface RunFollow {
  key: SessionKey;
  runId: string;
  taskId: string;
  contextId: string;
  /** Read the log after this event id (`"0"`: from the start). */
  after: string;
}

/** How {@link followRun} reads and paces. */
export interface FollowOptions {
  backend: ServiceBackend;
  /** Shortest time between two streamed-text updates, in ms. */
  streamInterval: number;
  /** Ends the follow (the task then ends `failed` unless `signal` was aborted by the caller). */
  stop: AbortSignal;
  /** Read only what is logged now, without waiting for more (to catch a stored task up). */
  drain?: boolean;
}

/**
 * Follows one run in the session's event log and publishes it on `bus` as A2A task updates:
 * streamed text as `working` status messages (one message id per model message, fragments with
 * their text offset), tool calls and results as data parts, the reply as an artifact then
 * `completed`; parked for approval ends `input-required`, interrupted `canceled`, failed
 * `failed`. Every update carries the log position it reflects (task metadata
 * `agentscope_event_id`) and ids derived from the log, so two replicas following the same run
 * publish the same updates. Returns the last position read, and whether the run ended.
 */
export async function followRun(
  run: RunFollow,
  bus: ExecutionEventBus,
  options: FollowOptions,
): Promise<{ after: string; ended: boolean }> {
  const { taskId, contextId, runId } = run;
  let position = run.after;
  const status = (state: TaskState, parts?: Part[], messageId?: string, meta?: object) =>
    publishStatus(bus, {
      taskId,
      contextId,
      state,
      parts,
      messageId: messageId ?? `${taskId}:${position}`,
      messageMetadata: meta,
      metadata: { [EVENT_ID_KEY]: position, [RUN_ID_KEY]: runId },
    });
  const text = new DeltaCoalescer(
    (msgId, delta, offset) =>
      status(TaskState.TASK_STATE_WORKING, [textPart(delta)], `${taskId}:${msgId}`, {
        msg_id: msgId,
        [TEXT_OFFSET_KEY]: offset,
      }),
    options.streamInterval,
  );
  const turn: Turn = {};
  let ended = false;
  try {
    while (!ended && !options.stop.aborted) {
      const events = await options.backend.readEvents(run.key, position, {
        blockMs: options.drain ? 0 : 5_000,
        count: 200,
        signal: options.stop,
      });
      if (options.drain && events.length === 0) break;
      for (const event of events) {
        if (event.runId !== runId) {
          position = event.id;
          continue;
        }
        if (event.type === "model_chunk") {
          const { msgId, delta, last } = event.data as {
            msgId: string;
            delta: { text?: string };
            last: boolean;
          };
          position = event.id;
          if (delta.text) text.push(msgId, delta.text);
          if (last) text.flush();
          continue;
        }
        text.flush();
        position = event.id;
        ended = publish(event, run, bus, status, turn);
        if (ended) break;
      }
    }
  } finally {
    text.flush();
  }
  return { after: position, ended };
}

type Status = (state: TaskState, parts?: Part[], messageId?: string, meta?: object) => void;

/** How the task ends once its run does. */
interface Turn {
  final?: { state: TaskState; parts?: Part[]; msgId?: string };
}

// Publishes one logged event; true when it ends the task.
function publish(
  event: StoredEvent,
  run: RunFollow,
  bus: ExecutionEventBus,
  status: Status,
  turn: Turn,
): boolean {
  const data = event.data;
  const { taskId, contextId } = run;
  switch (event.type) {
    case "tool_call":
      status(
        TaskState.TASK_STATE_WORKING,
        blocksToParts([data.toolUse as ContentBlock]),
        undefined,
        {
          msg_id: data.msgId,
        },
      );
      return false;
    case "tool_result_chunk":
      if (data.last === true) {
        status(
          TaskState.TASK_STATE_WORKING,
          blocksToParts([data.toolResult as ContentBlock]),
          undefined,
          { msg_id: data.msgId },
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
        bus.publish(
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
            metadata: { [EVENT_ID_KEY]: event.id },
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
      status(
        final.state,
        final.parts,
        undefined,
        final.msgId ? { msg_id: final.msgId } : undefined,
      );
      return true;
    }
    default:
      return false;
  }
}
