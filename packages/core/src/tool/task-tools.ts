import type { BackgroundTasks } from "./background-tasks.js";
import type { JsonSchemaObject, ToolDefinition } from "./tool-definition.js";

// The descriptions are the docstrings of AgentScope's `Toolkit.view_task`, `wait_task` and
// `cancel_task`, split the way its Toolkit parses them (line breaks kept). The parameters are JSON
// Schema literals (no zod at import), exactly what zod generated before (builtin-tool-schemas.test.ts).

const taskId = { type: "string", description: "The ID of the async tool task." };
const taskIdOnly: JsonSchemaObject = {
  type: "object",
  properties: { task_id: taskId },
  required: ["task_id"],
};

/** The names of the tools the toolkit offers once a tool runs in the background. */
export const TASK_TOOL_NAMES = ["view_task", "wait_task", "cancel_task"] as const;

/** `view_task`, `wait_task` and `cancel_task` over `tasks`, with AgentScope's parameters. */
export function createTaskTools(tasks: BackgroundTasks): ToolDefinition[] {
  return [
    {
      name: "view_task",
      description: "View the status of an async tool task by its task ID.",
      parameters: taskIdOnly,
      execute: (input) => tasks.view(input.task_id as string),
    },
    {
      name: "wait_task",
      description:
        "Wait for an async tool execution to complete by its task ID. Note\nthe timeout shouldn't be too large, you can check the task status\nby this tool every short period of time to avoid long waiting time.",
      parameters: {
        type: "object",
        properties: {
          task_id: taskId,
          timeout: {
            default: 10,
            description: "The maximum time to wait for the task to complete, in seconds.",
            type: "number",
          },
        },
        required: ["task_id"],
      },
      execute: (input) => tasks.wait(input.task_id as string, (input.timeout as number) ?? 10),
    },
    {
      name: "cancel_task",
      description: "Cancel an async tool task by its task ID.",
      parameters: taskIdOnly,
      execute: (input) => tasks.cancel(input.task_id as string),
    },
  ];
}
