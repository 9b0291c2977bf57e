import { z } from "zod";
import { PLAN_STATES } from "../plan/plan-model.js";

const stateSchema = z.enum(PLAN_STATES);

/**
 * The JSON form of a subtask (AgentScope's `SubTask.model_dump()`) as a zod schema, and the subtask
 * input of the plan tools. The descriptions are AgentScope's field descriptions, which the model reads.
 */
export const subTaskDictSchema = z
  .object({
    name: z
      .string()
      .describe("The subtask name, should be concise, descriptive and notexceed 10 words."),
    description: z
      .string()
      .describe(
        "The subtask description, including the constraints, target and outcome to be achieved. The description should be clear, specific and concise, and all the constraints, target and outcome should be specific and measurable.",
      ),
    expected_outcome: z
      .string()
      .describe(
        "The expected outcome of the subtask, which should be specific, concrete and measurable.",
      ),
    outcome: z.string().nullable().default(null).describe("The actual outcome of the subtask."),
    state: stateSchema.default("todo").describe("The state of the subtask."),
    created_at: z.string().optional().describe("The time the subtask was created."),
    finished_at: z.string().nullable().default(null).describe("The time the subtask was finished."),
  })
  .describe("The subtask model used in the plan module.");

/** The JSON form of a plan (AgentScope's `Plan.model_dump()`) as a zod schema. */
export const planDictSchema = z.object({
  id: z.string().optional(),
  name: z.string(),
  description: z.string(),
  expected_outcome: z.string(),
  subtasks: z.array(subTaskDictSchema),
  created_at: z.string().optional(),
  state: stateSchema.default("todo"),
  finished_at: z.string().nullable().default(null),
  outcome: z.string().nullable().default(null),
});
