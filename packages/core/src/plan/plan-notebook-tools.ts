import type { JsonSchemaObject, ToolDefinition } from "../tool/tool-definition.js";
import type { SubTaskInput } from "./plan-model.js";
import type { PlanNotebook } from "./plan-notebook.js";

// The descriptions below are AgentScope's docstrings, split into tool and argument descriptions
// the way AgentScope's Toolkit parses them (line breaks kept). The parameters are JSON Schema
// literals (the toolkit validates them; no zod at import), exactly what zod generated before
// (src/tool/builtin-tool-schemas.test.ts compares them with that output).

/** The JSON Schema of a subtask the model writes (what zod made of `subTaskDictSchema`). */
const subTask: JsonSchemaObject = {
  type: "object",
  properties: {
    name: {
      type: "string",
      description: "The subtask name, should be concise, descriptive and notexceed 10 words.",
    },
    description: {
      type: "string",
      description:
        "The subtask description, including the constraints, target and outcome to be achieved. The description should be clear, specific and concise, and all the constraints, target and outcome should be specific and measurable.",
    },
    expected_outcome: {
      type: "string",
      description:
        "The expected outcome of the subtask, which should be specific, concrete and measurable.",
    },
    outcome: {
      default: null,
      description: "The actual outcome of the subtask.",
      type: ["string", "null"],
    },
    state: {
      default: "todo",
      description: "The state of the subtask.",
      type: "string",
      enum: ["todo", "in_progress", "done", "abandoned"],
    },
    created_at: {
      description: "The time the subtask was created.",
      type: "string",
    },
    finished_at: {
      default: null,
      description: "The time the subtask was finished.",
      type: ["string", "null"],
    },
  },
  required: ["name", "description", "expected_outcome"],
  description: "The subtask model used in the plan module.",
};

const viewSubtasks: JsonSchemaObject = {
  type: "object",
  properties: {
    subtask_idx: {
      type: "array",
      items: {
        type: "integer",
      },
      description: "The indexes of the sub-tasks to be viewed, starting from 0.",
    },
  },
  required: ["subtask_idx"],
};

const updateSubtaskState: JsonSchemaObject = {
  type: "object",
  properties: {
    subtask_idx: {
      type: "integer",
      description: "The index of the subtask to be updated, starting from 0.",
    },
    state: {
      type: "string",
      enum: ["todo", "in_progress", "abandoned"],
      description:
        "The new state of the subtask. If you want to mark a subtask\nas done, you SHOULD call `finish_subtask` instead with the\nspecific outcome.",
    },
  },
  required: ["subtask_idx", "state"],
};

const finishSubtask: JsonSchemaObject = {
  type: "object",
  properties: {
    subtask_idx: {
      type: "integer",
      description: "The index of the sub-task to be marked as done, starting\nfrom 0.",
    },
    subtask_outcome: {
      type: "string",
      description:
        'The specific outcome of the sub-task, should exactly match the\nexpected outcome in the sub-task description. SHOULDN\'t be\nwhat you did or general description, e.g. "I have searched\nxxx", "I have written the code for xxx", etc. It SHOULD be\nthe specific data, information, or path to the file, e.g.\n"There are 5 articles about xxx, they are\\n- xxx\\n- xxx\\n..."',
    },
  },
  required: ["subtask_idx", "subtask_outcome"],
};

const createPlan: JsonSchemaObject = {
  type: "object",
  properties: {
    name: {
      type: "string",
      description: "The plan name, should be concise, descriptive and not exceed\n10 words.",
    },
    description: {
      type: "string",
      description:
        "The plan description, including the constraints, target and\noutcome to be achieved. The description should be clear,\nspecific and concise, and all the constraints, target and\noutcome should be specific and measurable.",
    },
    expected_outcome: {
      type: "string",
      description:
        "The expected outcome of the plan, which should be specific,\nconcrete and measurable.",
    },
    subtasks: {
      type: "array",
      items: subTask,
      description: "A list of sequential sub-tasks that make up the plan.",
    },
  },
  required: ["name", "description", "expected_outcome", "subtasks"],
};

const reviseCurrentPlan: JsonSchemaObject = {
  type: "object",
  properties: {
    subtask_idx: {
      type: "integer",
      description: "The index of the sub-task to be revised, starting from 0.",
    },
    action: {
      type: "string",
      enum: ["add", "revise", "delete"],
      description:
        'The action to be performed on the sub-task. If "add", the\nsub-task will be inserted before the given index. If "revise",\nthe sub-task at the given index will be revised. If "delete",\nthe sub-task at the given index will be deleted.',
    },
    subtask: {
      default: null,
      description: 'The sub-task to be added or revised. Required if action is\n"add" or "revise".',
      anyOf: [
        subTask,
        {
          type: "null",
        },
      ],
    },
  },
  required: ["subtask_idx", "action"],
};

const finishPlan: JsonSchemaObject = {
  type: "object",
  properties: {
    state: {
      type: "string",
      enum: ["done", "abandoned"],
      description:
        'The state to finish the plan. If "done", the plan will be\nmarked as done with the given outcome. If "abandoned", the\nplan will be abandoned with the given reason.',
    },
    outcome: {
      type: "string",
      description:
        'The specific outcome of the plan if state is "done", or the\nreason for abandoning the plan if state is "abandoned".',
    },
  },
  required: ["state", "outcome"],
};

const viewHistoricalPlans: JsonSchemaObject = {
  type: "object",
  properties: {},
};

const recoverHistoricalPlan: JsonSchemaObject = {
  type: "object",
  properties: {
    plan_id: {
      type: "string",
      description: "The ID of the historical plan to be recovered.",
    },
  },
  required: ["plan_id"],
};

/** The input of `create_plan`. */
interface CreatePlanInput {
  name: string;
  description: string;
  expected_outcome: string;
  subtasks: SubTaskInput[];
}

/** The input of `revise_current_plan`. */
interface ReviseCurrentPlanInput {
  subtask_idx: number;
  action: "add" | "revise" | "delete";
  subtask?: SubTaskInput | null;
}

/**
 * A tool whose input has the type `I` (checked against `parameters` by the toolkit).
 * `ownArgumentErrors` names the arguments the notebook checks itself, so a bad value there reads
 * AgentScope's `Invalid …` text.
 */
function tool<I>(
  name: string,
  description: string,
  parameters: JsonSchemaObject,
  execute: ToolDefinition<I>["execute"],
  ownArgumentErrors?: readonly string[],
): ToolDefinition {
  const definition = { name, description, parameters, execute } as ToolDefinition;
  if (ownArgumentErrors) definition.ownArgumentErrors = ownArgumentErrors;
  return definition;
}

/** The plan tools of `notebook`, in AgentScope's order (see {@link PlanNotebook.listTools}). */
export function createPlanNotebookTools(notebook: PlanNotebook): ToolDefinition[] {
  return [
    tool(
      "view_subtasks",
      "View the details of the sub-tasks by given indexes.",
      viewSubtasks,
      (input: { subtask_idx: number[] }) => notebook.viewSubtasks(input.subtask_idx),
      ["subtask_idx"],
    ),
    tool(
      "update_subtask_state",
      "Update the state of a subtask by given index and state. Note if you\nwant to mark a subtask as done, you SHOULD call `finish_subtask`\ninstead with the specific outcome.",
      updateSubtaskState,
      (input: { subtask_idx: number; state: "todo" | "in_progress" | "abandoned" }) =>
        notebook.updateSubtaskState(input.subtask_idx, input.state),
      ["subtask_idx", "state"],
    ),
    tool(
      "finish_subtask",
      "Label the subtask as done by given index and outcome.",
      finishSubtask,
      (input: { subtask_idx: number; subtask_outcome: string }) =>
        notebook.finishSubtask(input.subtask_idx, input.subtask_outcome),
      ["subtask_idx"],
    ),
    tool(
      "create_plan",
      "Create a plan by given name and sub-tasks.",
      createPlan,
      (input: CreatePlanInput) =>
        notebook.createPlan(input.name, input.description, input.expected_outcome, input.subtasks),
    ),
    tool(
      "revise_current_plan",
      "Revise the current plan by adding, revising or deleting a sub-task.",
      reviseCurrentPlan,
      (input: ReviseCurrentPlanInput) =>
        notebook.reviseCurrentPlan(input.subtask_idx, input.action, input.subtask ?? null),
      ["subtask_idx", "action"],
    ),
    tool(
      "finish_plan",
      "Finish the current plan by given outcome, or abandon it with the\ngiven reason if the user no longer wants to perform it. Note that you\nSHOULD confirm with the user before abandoning the plan.",
      finishPlan,
      (input: { state: "done" | "abandoned"; outcome: string }) =>
        notebook.finishPlan(input.state, input.outcome),
    ),
    tool("view_historical_plans", "View the historical plans.", viewHistoricalPlans, () =>
      notebook.viewHistoricalPlans(),
    ),
    tool(
      "recover_historical_plan",
      "Recover a historical plan by given plan ID, the plan ID can be\nobtained by calling `view_historical_plans`. Note the recover\noperation will override the current plan if exists.",
      recoverHistoricalPlan,
      (input: { plan_id: string }) => notebook.recoverHistoricalPlan(input.plan_id),
    ),
  ];
}
