import { TaskState } from "@a2a-js/sdk";

const NAMES: Record<number, string> = {
  [TaskState.TASK_STATE_SUBMITTED]: "submitted",
  [TaskState.TASK_STATE_WORKING]: "working",
  [TaskState.TASK_STATE_COMPLETED]: "completed",
  [TaskState.TASK_STATE_FAILED]: "failed",
  [TaskState.TASK_STATE_CANCELED]: "canceled",
  [TaskState.TASK_STATE_INPUT_REQUIRED]: "input-required",
  [TaskState.TASK_STATE_REJECTED]: "rejected",
  [TaskState.TASK_STATE_AUTH_REQUIRED]: "auth-required",
};

/** A task state as the A2A spec spells it in JSON (`input-required`, `completed`…). */
export function taskStateName(state: TaskState): string {
  return NAMES[state] ?? "unknown";
}
