import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { toValidationIssues } from "../errors/validate.js";
import { runCheck } from "../utils/checks.js";
import { msgDictSchema } from "../zod/message-schemas.js";
import { planDictSchema, subTaskDictSchema } from "../zod/plan-schemas.js";
import { base, MSG_CORPUS } from "./__fixtures__/msg-dict-corpus.js";
import { msgDictCheck } from "./msg-dict-check.js";

/** The issues zod reported for `value` (what core's errors said before the hand-written checks). */
function zodIssues(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? [] : toValidationIssues(result.error, value);
}

describe("msgDictCheck", () => {
  it("reports exactly what the zod schema reported, on every dict of the corpus", () => {
    for (const value of MSG_CORPUS) {
      expect({ value, issues: runCheck(msgDictCheck, value).issues }).toEqual({
        value,
        issues: zodIssues(msgDictSchema, value),
      });
    }
  });

  it("accepts a valid dict without copying it", () => {
    const dict = { ...base, content: [{ type: "text", text: "x", extra: [1] }] };
    const { value, issues } = runCheck(msgDictCheck, dict);
    expect(issues).toEqual([]);
    expect(value).toBe(dict);
  });
});

const subtask = { name: "s", description: "d", expected_outcome: "e" };
const PLAN_CORPUS: unknown[] = [
  { name: "p", description: "d", expected_outcome: "e", subtasks: [] },
  {
    id: "i",
    name: "p",
    description: "d",
    expected_outcome: "e",
    subtasks: [subtask, { ...subtask, state: "done", outcome: "o", finished_at: "f" }],
    created_at: "c",
    state: "in_progress",
    finished_at: null,
    outcome: null,
    extra: "stripped",
  },
  null,
  "plan",
  {},
  { name: "p", description: "d", expected_outcome: "e", subtasks: "x" },
  { name: "p", description: "d", expected_outcome: "e", subtasks: [{}] },
  { name: "p", description: "d", expected_outcome: "e", subtasks: [{ ...subtask, state: "x" }] },
  { name: "p", description: "d", expected_outcome: "e", subtasks: [], state: "finished" },
  { name: "p", description: "d", expected_outcome: "e", subtasks: [], outcome: 3 },
  { name: 1, description: null, subtasks: [null, { ...subtask, created_at: 5 }], id: 2 },
];

describe("plan checks", () => {
  it("plan dicts: the same issues and the same parsed value (defaults, unknown keys dropped)", async () => {
    const { Plan } = await import("../plan/plan-model.js");
    for (const value of PLAN_CORPUS) {
      const zod = planDictSchema.safeParse(value);
      let issues: readonly unknown[] = [];
      try {
        Plan.fromDict(value);
      } catch (error) {
        issues = (error as { issues: unknown[] }).issues;
      }
      expect({ value, issues }).toEqual({ value, issues: zodIssues(planDictSchema, value) });
      if (zod.success) {
        const plan = Plan.fromDict(value);
        expect(plan.state).toBe(zod.data.state);
        expect(plan.outcome).toBe(zod.data.outcome);
        expect(plan.subtasks.map((s) => [s.state, s.outcome, s.finishedAt])).toEqual(
          zod.data.subtasks.map((s) => [s.state, s.outcome, s.finished_at]),
        );
      }
    }
  });

  it("subtask dicts: the same issues as subTaskDictSchema", async () => {
    const { SubTask } = await import("../plan/plan-model.js");
    for (const value of [subtask, {}, null, { ...subtask, state: 1, outcome: 2 }, [subtask]]) {
      let issues: readonly unknown[] = [];
      try {
        SubTask.fromDict(value);
      } catch (error) {
        issues = (error as { issues: unknown[] }).issues;
      }
      expect(issues).toEqual(zodIssues(subTaskDictSchema, value));
    }
  });

  it("Plan and SubTask options: the same issues as the zod schemas they replaced", async () => {
    const { z } = await import("zod");
    const { Plan, SubTask, PLAN_STATES } = await import("../plan/plan-model.js");
    const zodPlan = z.object({
      id: z.string().optional(),
      name: z.string(),
      description: z.string(),
      expectedOutcome: z.string(),
      subtasks: z.array(z.union([z.instanceof(SubTask), z.looseObject({})])),
      createdAt: z.string().optional(),
      state: z.enum(PLAN_STATES).optional(),
      finishedAt: z.string().nullish(),
      outcome: z.string().nullish(),
    });
    const s = new SubTask({ name: "s", description: "d", expectedOutcome: "e" });
    const good = { name: "p", description: "d", expectedOutcome: "e", subtasks: [s] };
    for (const value of [
      good,
      { ...good, subtasks: [5, null, "x"] },
      { ...good, subtasks: "x", state: "later", outcome: 1, finishedAt: 2, id: 3 },
      { name: 1 },
    ]) {
      let issues: readonly unknown[] = [];
      try {
        new Plan(value as never);
      } catch (error) {
        issues = (error as { issues: unknown[] }).issues;
      }
      expect({ value, issues }).toEqual({ value, issues: zodIssues(zodPlan, value) });
    }
  });
});
