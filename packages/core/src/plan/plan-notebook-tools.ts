import { z } from "zod";
import type { ToolDefinition } from "../tool/tool-definition.js";
import { subTaskDictSchema } from "./plan-model.js";
import type { PlanNotebook } from "./plan-notebook.js";

// The descriptions below are AgentScope's docstrings, split into tool and argument descriptions
// the way AgentScope's Toolkit parses them (line breaks kept).

const viewSubtasks = z.object({
  subtask_idx: z
    .array(z.int())
    .describe("The indexes of the sub-tasks to be viewed, starting from 0."),
});

const updateSubtaskState = z.object({
  subtask_idx: z.int().describe("The index of the subtask to be updated, starting from 0."),
  state: z
    .enum(["todo", "in_progress", "abandoned"])
    .describe(
      "The new state of the subtask. If you want to mark a subtask\nas done, you SHOULD call `finish_subtask` instead with the\nspecific outcome.",
    ),
});

const finishSubtask = z.object({
  subtask_idx: z
    .int()
    .describe("The index of the sub-task to be marked as done, starting\nfrom 0."),
  subtask_outcome: z
    .string()
    .describe(
      'The specific outcome of the sub-task, should exactly match the\nexpected outcome in the sub-task description. SHOULDN\'t be\nwhat you did or general description, e.g. "I have searched\nxxx", "I have written the code for xxx", etc. It SHOULD be\nthe specific data, information, or path to the file, e.g.\n"There are 5 articles about xxx, they are\\n- xxx\\n- xxx\\n..."',
    ),
});

const createPlan = z.object({
  name: z
    .string()
    .describe("The plan name, should be concise, descriptive and not exceed\n10 words."),
  description: z
    .string()
    .describe(
      "The plan description, including the constraints, target and\noutcome to be achieved. The description should be clear,\nspecific and concise, and all the constraints, target and\noutcome should be specific and measurable.",
    ),
  expected_outcome: z
    .string()
    .describe(
      "The expected outcome of the plan, which should be specific,\nconcrete and measurable.",
    ),
  subtasks: z
    .array(subTaskDictSchema)
    .describe("A list of sequential sub-tasks that make up the plan."),
});

const reviseCurrentPlan = z.object({
  subtask_idx: z.int().describe("The index of the sub-task to be revised, starting from 0."),
  action: z
    .enum(["add", "revise", "delete"])
    .describe(
      'The action to be performed on the sub-task. If "add", the\nsub-task will be inserted before the given index. If "revise",\nthe sub-task at the given index will be revised. If "delete",\nthe sub-task at the given index will be deleted.',
    ),
  subtask: subTaskDictSchema
    .nullable()
    .default(null)
    .describe('The sub-task to be added or revised. Required if action is\n"add" or "revise".'),
});

const finishPlan = z.object({
  state: z
    .enum(["done", "abandoned"])
    .describe(
      'The state to finish the plan. If "done", the plan will be\nmarked as done with the given outcome. If "abandoned", the\nplan will be abandoned with the given reason.',
    ),
  outcome: z
    .string()
    .describe(
      'The specific outcome of the plan if state is "done", or the\nreason for abandoning the plan if state is "abandoned".',
    ),
});

const viewHistoricalPlans = z.object({});

const recoverHistoricalPlan = z.object({
  plan_id: z.string().describe("The ID of the historical plan to be recovered."),
});

/**
 * A tool whose input is the output of its zod schema. `ownArgumentErrors` names the arguments the
 * notebook checks itself, so a bad value there reads AgentScope's `Invalid …` text.
 */
function tool<S extends z.ZodType<Record<string, unknown>>>(
  name: string,
  description: string,
  parameters: S,
  execute: ToolDefinition<z.output<S>>["execute"],
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
      (input) => notebook.viewSubtasks(input.subtask_idx),
      ["subtask_idx"],
    ),
    tool(
      "update_subtask_state",
      "Update the state of a subtask by given index and state. Note if you\nwant to mark a subtask as done, you SHOULD call `finish_subtask`\ninstead with the specific outcome.",
      updateSubtaskState,
      (input) => notebook.updateSubtaskState(input.subtask_idx, input.state),
      ["subtask_idx", "state"],
    ),
    tool(
      "finish_subtask",
      "Label the subtask as done by given index and outcome.",
      finishSubtask,
      (input) => notebook.finishSubtask(input.subtask_idx, input.subtask_outcome),
      ["subtask_idx"],
    ),
    tool("create_plan", "Create a plan by given name and sub-tasks.", createPlan, (input) =>
      notebook.createPlan(input.name, input.description, input.expected_outcome, input.subtasks),
    ),
    tool(
      "revise_current_plan",
      "Revise the current plan by adding, revising or deleting a sub-task.",
      reviseCurrentPlan,
      (input) => notebook.reviseCurrentPlan(input.subtask_idx, input.action, input.subtask ?? null),
      ["subtask_idx", "action"],
    ),
    tool(
      "finish_plan",
      "Finish the current plan by given outcome, or abandon it with the\ngiven reason if the user no longer wants to perform it. Note that you\nSHOULD confirm with the user before abandoning the plan.",
      finishPlan,
      (input) => notebook.finishPlan(input.state, input.outcome),
    ),
    tool("view_historical_plans", "View the historical plans.", viewHistoricalPlans, () =>
      notebook.viewHistoricalPlans(),
    ),
    tool(
      "recover_historical_plan",
      "Recover a historical plan by given plan ID, the plan ID can be\nobtained by calling `view_historical_plans`. Note the recover\noperation will override the current plan if exists.",
      recoverHistoricalPlan,
      (input) => notebook.recoverHistoricalPlan(input.plan_id),
    ),
  ];
}
