import { describe, expect, it } from "vitest";
import { StateError } from "../errors/state-error.js";
import { ToolError } from "../errors/tool-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { StateModule } from "../state/state-module.js";
import type { ToolResponse } from "../tool/tool-response.js";
import pythonState from "./__fixtures__/plan-notebook-state.json" with { type: "json" };
import { InMemoryPlanStorage } from "./in-memory-plan-storage.js";
import { type Plan, SubTask, type SubTaskInput } from "./plan-model.js";
import { PlanNotebook } from "./plan-notebook.js";

const text = (res: ToolResponse): string => {
  const [block] = res.content;
  return block?.type === "text" ? block.text : "";
};

const sub = (name: string, extra: Partial<SubTaskInput> = {}): SubTaskInput => ({
  name,
  description: `Description of ${name}`,
  expected_outcome: `Outcome of ${name}`,
  ...extra,
});

function threeSubtasks() {
  return [
    new SubTask({
      name: "Task 1",
      description: "Description 1",
      expectedOutcome: "Expected outcome 1",
      state: "done",
    }),
    new SubTask({
      name: "Task 2",
      description: "Description 2",
      expectedOutcome: "Expected outcome 2",
      state: "in_progress",
    }),
    new SubTask({
      name: "Task 3",
      description: "Description 3",
      expectedOutcome: "Expected outcome 3",
    }),
  ];
}

describe("PlanNotebook plan flow (AgentScope's test_plan_subtasks)", () => {
  it("creates, views, revises and advances a plan with AgentScope's texts", async () => {
    const notebook = new PlanNotebook();
    const subtasks = threeSubtasks();
    const [s1, , s3] = subtasks;

    const hint = await notebook.getCurrentHint();
    expect(hint?.role).toBe("user");
    expect(hint?.name).toBe("user");
    expect(hint?.getTextContent()).toMatch(/^<system-hint>If the user's query is complex/);

    let res = await notebook.createPlan(
      "Example Plan",
      "Example Description",
      "Example Expected Outcome",
      subtasks,
    );
    expect(text(res)).toBe("Plan 'Example Plan' created successfully.");
    // SubTask objects are kept as they are, as pydantic does
    expect(notebook.currentPlan?.subtasks[0]).toBe(s1);

    res = await notebook.viewSubtasks([3]);
    expect(text(res)).toBe("Invalid subtask_idx '[3]'. Must be between 0 and 2.");
    res = await notebook.viewSubtasks([0, 2]);
    expect(text(res)).toBe(
      `Subtask at index 0:\n\`\`\`\n- [x] Task 1\n\t- Created At: ${s1?.createdAt}\n\t- Description: Description 1\n\t- Expected Outcome: Expected outcome 1\n\t- State: done\n\t- Finished At: None\n\t- Actual Outcome: None\n\`\`\`\n\nSubtask at index 2:\n\`\`\`\n- [ ] Task 3\n\t- Created At: ${s3?.createdAt}\n\t- Description: Description 3\n\t- Expected Outcome: Expected outcome 3\n\t- State: todo\n\`\`\`\n`,
    );

    res = await notebook.reviseCurrentPlan(1, "add", sub("Task 11"));
    expect(text(res)).toBe("New subtask is added successfully at index 1.");
    expect(notebook.currentPlan?.subtasks.map((s) => s.name)).toEqual([
      "Task 1",
      "Task 11",
      "Task 2",
      "Task 3",
    ]);

    res = await notebook.reviseCurrentPlan(1, "delete");
    expect(text(res)).toBe("Subtask (named 'Task 11') at index 1 is deleted successfully.");
    expect(notebook.currentPlan?.subtasks).toHaveLength(3);

    res = await notebook.reviseCurrentPlan(
      1,
      "revise",
      new SubTask({
        name: "Task 22",
        description: "Description 22",
        expectedOutcome: "Expected outcome 22",
      }),
    );
    expect(text(res)).toBe("Subtask at index 1 is revised successfully.");
    expect(notebook.currentPlan?.subtasks[1]?.name).toBe("Task 22");
    expect(notebook.currentPlan?.subtasks).toHaveLength(3);

    res = await notebook.updateSubtaskState(2, "in_progress");
    expect(text(res)).toBe(
      "Subtask (at index 1) named 'Task 22' is not done yet. You should finish the previous subtasks first.",
    );

    res = await notebook.updateSubtaskState(0, "in_progress");
    expect(text(res)).toBe(
      "Subtask at index 0, named 'Task 1' is marked as 'in_progress' successfully. The plan state has been updated to 'in_progress'.",
    );
    res = await notebook.updateSubtaskState(1, "in_progress");
    expect(text(res)).toBe(
      "Subtask (at index 0) named 'Task 1' is not done yet. You should finish the previous subtasks first.",
    );

    res = await notebook.finishSubtask(0, "Fake outcome for task 1");
    expect(text(res)).toBe(
      "Subtask (at index 0) named 'Task 1' is marked as done successfully. The next subtask named 'Task 22' is activated.",
    );
    expect(notebook.currentPlan?.subtasks[1]?.state).toBe("in_progress");
    expect(notebook.currentPlan?.subtasks[0]?.outcome).toBe("Fake outcome for task 1");

    res = await notebook.updateSubtaskState(2, "in_progress");
    expect(text(res)).toBe(
      "Subtask (at index 1) named 'Task 22' is not done yet. You should finish the previous subtasks first.",
    );
    await notebook.finishSubtask(1, "two");
    res = await notebook.finishSubtask(2, "three");
    expect(text(res)).toBe("Subtask (at index 2) named 'Task 3' is marked as done successfully. ");
    expect((await notebook.getCurrentHint())?.getTextContent()).toContain(
      "All the subtasks are done.",
    );

    res = await notebook.finishPlan("done", "Overall outcome");
    expect(text(res)).toBe("The current plan is finished successfully as 'done'.");
    expect(notebook.currentPlan).toBeNull();
    const [stored] = await notebook.storage.getPlans();
    expect(stored?.state).toBe("done");
    expect(stored?.outcome).toBe("Overall outcome");
    expect(stored?.finishedAt).toMatch(/^\d{4}-/);
  });

  it("reports already-in-progress subtasks and moves the plan back to todo", async () => {
    const notebook = new PlanNotebook();
    await notebook.createPlan("P", "d", "e", [sub("a"), sub("b")]);
    await notebook.updateSubtaskState(0, "in_progress");
    let res = await notebook.updateSubtaskState(0, "in_progress");
    expect(text(res)).toBe(
      "Subtask (at index 0) named 'a' is already 'in_progress'. You should finish it first before starting another subtask.",
    );
    res = await notebook.updateSubtaskState(0, "todo");
    expect(text(res)).toBe(
      "Subtask at index 0, named 'a' is marked as 'todo' successfully. The plan state has been updated to 'todo'.",
    );
    res = await notebook.updateSubtaskState(0, "abandoned");
    expect(text(res)).toBe("Subtask at index 0, named 'a' is marked as 'abandoned' successfully. ");
    // an abandoned subtask does not block the next one
    res = await notebook.updateSubtaskState(1, "in_progress");
    expect(text(res)).toMatch(/^Subtask at index 1, named 'b' is marked as 'in_progress'/);
  });
});

describe("PlanNotebook errors (AgentScope's test_error_paths)", () => {
  it("throws a clear error when there is no plan", async () => {
    const notebook = new PlanNotebook();
    await expect(notebook.reviseCurrentPlan(0, "delete")).rejects.toThrow(ToolError);
    await expect(notebook.updateSubtaskState(0, "in_progress")).rejects.toThrow(
      "The current plan is None, you need to create a plan by calling create_plan() first.",
    );
    await expect(notebook.finishSubtask(0, "x")).rejects.toThrow(/create_plan\(\)/);
    await expect(notebook.viewSubtasks([0])).rejects.toThrow(/create_plan\(\)/);
  });

  it("answers bad indexes, actions and states with AgentScope's texts", async () => {
    const notebook = new PlanNotebook();
    await notebook.createPlan("Test", "d", "e", [sub("t1"), sub("t2")]);
    const bad = <T>(v: unknown) => v as T;

    let res = await notebook.reviseCurrentPlan(bad("invalid"), "delete");
    expect(text(res)).toBe(
      "Error: Invalid type for argument 'subtask_idx'. Expected 'int', but got '<class 'str'>'.",
    );
    res = await notebook.reviseCurrentPlan(0, bad("bad_action"));
    expect(text(res)).toBe(
      "Error: Invalid action 'bad_action'. Must be one of 'add', 'revise', 'delete'.",
    );
    res = await notebook.reviseCurrentPlan(0, "add", null);
    expect(text(res)).toBe(
      "Error: The subtask must be provided when action is 'add', but got None.",
    );
    res = await notebook.reviseCurrentPlan(999, "delete");
    expect(text(res)).toBe(
      "Error: Invalid subtask_idx '999' for action 'delete'. Must be between 0 and 1.",
    );
    res = await notebook.reviseCurrentPlan(-1, "revise", sub("x"));
    expect(text(res)).toBe(
      "Error: Invalid subtask_idx '-1' for action 'revise'. Must be between 0 and 1.",
    );
    res = await notebook.reviseCurrentPlan(3, "add", sub("x"));
    expect(text(res)).toBe(
      "Error: Invalid subtask_idx '3' for action 'add'. Must be between 0 and 2.",
    );
    // a numeric string is read as the index, as AgentScope does
    res = await notebook.reviseCurrentPlan(bad("2"), "add", sub("t3"));
    expect(text(res)).toBe("New subtask is added successfully at index 2.");
    await notebook.reviseCurrentPlan(2, "delete");

    res = await notebook.updateSubtaskState(999, "in_progress");
    expect(text(res)).toBe("Invalid subtask_idx '999'. Must be between 0 and 1.");
    res = await notebook.updateSubtaskState(bad(1.5), "todo");
    expect(text(res)).toBe(
      "Invalid type for argument 'subtask_idx'. Expected 'int', but got '<class 'float'>'.",
    );
    res = await notebook.updateSubtaskState(0, bad("bad_state"));
    expect(text(res)).toBe(
      "Invalid state 'bad_state'. Must be one of 'todo', 'in_progress', 'abandoned'.",
    );
    res = await notebook.updateSubtaskState(0, bad("done"));
    expect(text(res)).toMatch(/^Invalid state 'done'/);

    res = await notebook.updateSubtaskState(1, "in_progress");
    expect(text(res)).toContain("not done yet");
    await notebook.updateSubtaskState(0, "in_progress");
    res = await notebook.updateSubtaskState(1, "in_progress");
    expect(text(res)).toContain("not done yet");

    res = await notebook.finishSubtask(1, "outcome");
    expect(text(res)).toBe(
      "Cannot finish subtask at index 1 because the previous subtask (at index 0) named 't1' is not done yet. You should finish the previous subtasks first.",
    );
    res = await notebook.finishSubtask(-1, "outcome");
    expect(text(res)).toBe("Invalid subtask_idx '-1'. Must be between 0 and 1.");
    res = await notebook.viewSubtasks([0, 5, -1]);
    expect(text(res)).toMatch(
      /^Subtask at index 0:\n[\s\S]*\nInvalid subtask_idx '\[5, -1\]'\. Must be between 0 and 1\.$/,
    );
  });

  it("rejects malformed input with a ValidationError naming the field", async () => {
    const notebook = new PlanNotebook();
    await expect(
      notebook.createPlan("P", "d", "e", [sub("ok"), { name: "bad" } as SubTaskInput]),
    ).rejects.toThrow(/subtasks\[1\]\.description: required/);
    expect(notebook.currentPlan).toBeNull();
    await expect(notebook.createPlan("P", 3 as unknown as string, "e", [])).rejects.toThrow(
      ValidationError,
    );

    await notebook.createPlan("P", "d", "e", [sub("a")]);
    await expect(
      notebook.reviseCurrentPlan(0, "revise", { name: "x", description: "y" } as SubTaskInput),
    ).rejects.toThrow(/subtask\.expected_outcome: required/);
    expect(notebook.currentPlan?.subtasks[0]?.name).toBe("a");
    await expect(notebook.finishPlan("finished" as "done", "x")).rejects.toThrow(
      /state: expected one of/,
    );
    expect(() => notebook.removePlanChangeHook("bad_hook")).toThrow(/no hook named 'bad_hook'/);
    expect(() => new PlanNotebook({ maxSubtasks: 0 })).toThrow(/maxSubtasks/);
  });

  it("enforces maxSubtasks when given", async () => {
    const notebook = new PlanNotebook({ maxSubtasks: 2 });
    let res = await notebook.createPlan("P", "d", "e", [sub("a"), sub("b"), sub("c")]);
    expect(text(res)).toBe(
      "Error: A plan can have at most 2 subtasks, but got 3. Merge or drop subtasks and try again.",
    );
    expect(notebook.currentPlan).toBeNull();
    await notebook.createPlan("P", "d", "e", [sub("a"), sub("b")]);
    res = await notebook.reviseCurrentPlan(0, "add", sub("c"));
    expect(text(res)).toMatch(/^Error: A plan can have at most 2 subtasks, but got 3/);
    res = await notebook.reviseCurrentPlan(0, "revise", sub("c"));
    expect(text(res)).toBe("Subtask at index 0 is revised successfully.");
  });
});

describe("PlanNotebook history and hooks (AgentScope's test_edge_cases)", () => {
  it("replaces, finishes, lists and recovers plans", async () => {
    const notebook = new PlanNotebook();
    expect(text(await notebook.finishPlan("done", "outcome"))).toBe("There is no plan to finish.");

    await notebook.createPlan("P1", "d", "e", [sub("t")]);
    let res = await notebook.createPlan("P2", "d", "e", [sub("t")]);
    expect(text(res)).toBe(
      "The current plan named 'P1' is replaced by the newly created plan named 'P2'.",
    );

    notebook.currentPlan?.subtasks.push(SubTask.fromDict(sub("t2")));
    await notebook.updateSubtaskState(0, "in_progress");
    res = await notebook.finishSubtask(0, "done");
    expect(text(res).toLowerCase()).toContain("next subtask");
    expect(notebook.currentPlan?.subtasks[1]?.state).toBe("in_progress");

    await notebook.finishSubtask(1, "done");
    await notebook.finishPlan("done", "final");
    const [p2] = await notebook.storage.getPlans();
    res = await notebook.viewHistoricalPlans();
    expect(text(res)).toBe(
      `Plan named 'P2':\n- ID: ${p2?.id}\n- Created at: ${p2?.createdAt}\n- Description: d\n- State: done\n`,
    );

    res = await notebook.recoverHistoricalPlan(p2?.id ?? "");
    expect(text(res)).toBe(
      `Historical plan named 'P2' with ID '${p2?.id}' is recovered successfully.`,
    );
    expect(notebook.currentPlan).toBe(p2);

    res = await notebook.recoverHistoricalPlan("bad_id");
    expect(text(res)).toBe("Cannot find the plan with ID 'bad_id'.");

    // recovering over a plan in progress abandons and stores it
    await notebook.createPlan("P3", "d3", "e", [sub("t")]);
    const p3 = notebook.currentPlan as Plan;
    res = await notebook.recoverHistoricalPlan(p2?.id ?? "");
    expect(text(res)).toBe(
      `The current plan named 'P3' is replaced by the historical plan named 'P2' with ID '${p2?.id}'.`,
    );
    expect(p3.state).toBe("abandoned");
    expect(p3.outcome).toBe(`The plan execution is interrupted by a new plan with ID '${p2?.id}'.`);
    expect((await notebook.storage.getPlans()).map((p) => p.name)).toEqual(["P2", "P3"]);
    res = await notebook.viewHistoricalPlans();
    expect(text(res)).toContain("\n\nPlan named 'P3':\n");
    expect(text(res)).toContain("- State: abandoned\n");
  });

  it("calls plan change hooks with the current plan after each change", async () => {
    const notebook = new PlanNotebook();
    const calls: (string | null)[] = [];
    notebook.registerPlanChangeHook("sync", (nb, plan) => {
      expect(nb).toBe(notebook);
      calls.push(plan?.name ?? null);
    });
    const asyncCalls: string[] = [];
    notebook.registerPlanChangeHook("async", async (_nb, plan) => {
      await Promise.resolve();
      asyncCalls.push(plan?.subtasks.map((s) => s.state).join(",") ?? "none");
    });

    await notebook.createPlan("P1", "desc", "outcome", [sub("t1")]);
    await notebook.updateSubtaskState(0, "in_progress");
    await notebook.finishSubtask(0, "ok");
    await notebook.finishPlan("done", "final");
    expect(calls).toEqual(["P1", "P1", "P1", null]);
    expect(asyncCalls).toEqual(["todo", "in_progress", "done", "none"]);

    // a failed update (text error) is not a change
    await notebook.createPlan("P2", "d", "e", [sub("a"), sub("b")]);
    calls.length = 0;
    await notebook.updateSubtaskState(1, "in_progress");
    expect(calls).toEqual([]);

    const historical = (await notebook.storage.getPlans())[0] as Plan;
    await notebook.recoverHistoricalPlan(historical.id);
    expect(calls).toEqual(["P1"]);

    notebook.removePlanChangeHook("sync");
    notebook.removePlanChangeHook("async");
    await notebook.createPlan("P4", "d", "e", []);
    expect(calls).toEqual(["P1"]);
  });
});

describe("PlanNotebook state", () => {
  it("saves AgentScope's JSON through a parent module and loads it back", async () => {
    class Agent extends StateModule {
      planNotebook = new PlanNotebook();
    }
    const agent = new Agent();
    const notebook = agent.planNotebook;
    expect(agent.stateDict()).toEqual({
      planNotebook: { storage: { plans: {} }, current_plan: null },
    });

    await notebook.createPlan("text", "abc", "edf", [
      sub("1", { description: "1", expected_outcome: "1" }),
      sub("2", { description: "2", expected_outcome: "2" }),
    ]);
    const plan = notebook.currentPlan as Plan;
    const [s1, s2] = plan.subtasks as [SubTask, SubTask];
    const subtaskDict = (s: SubTask, extra: Record<string, unknown> = {}) => ({
      name: s.name,
      description: s.name,
      expected_outcome: s.name,
      outcome: null,
      state: "todo",
      created_at: s.createdAt,
      finished_at: null,
      ...extra,
    });
    const saved = notebook.stateDict();
    expect(saved).toEqual({
      storage: { plans: {} },
      current_plan: {
        id: plan.id,
        name: "text",
        description: "abc",
        expected_outcome: "edf",
        subtasks: [subtaskDict(s1), subtaskDict(s2)],
        created_at: plan.createdAt,
        state: "todo",
        finished_at: null,
        outcome: null,
      },
    });
    expect(Object.keys(saved)).toEqual(["storage", "current_plan"]);

    await notebook.updateSubtaskState(0, "in_progress");
    await notebook.finishSubtask(0, "abc");
    await notebook.finishSubtask(1, "def");
    expect(notebook.stateDict().current_plan).toMatchObject({
      state: "in_progress",
      subtasks: [
        { state: "done", outcome: "abc", finished_at: s1.finishedAt },
        { state: "done", outcome: "def", finished_at: s2.finishedAt },
      ],
    });

    await notebook.finishPlan("done", "Overall outcome");
    const finished = notebook.stateDict();
    expect(finished).toEqual({
      storage: {
        plans: {
          [plan.id]: {
            id: plan.id,
            name: "text",
            description: "abc",
            expected_outcome: "edf",
            subtasks: [
              subtaskDict(s1, { state: "done", outcome: "abc", finished_at: s1.finishedAt }),
              subtaskDict(s2, { state: "done", outcome: "def", finished_at: s2.finishedAt }),
            ],
            created_at: plan.createdAt,
            state: "done",
            finished_at: plan.finishedAt,
            outcome: "Overall outcome",
          },
        },
      },
      current_plan: null,
    });

    const fresh = new PlanNotebook();
    fresh.loadStateDict(JSON.parse(JSON.stringify(finished)));
    expect(fresh.stateDict()).toEqual(finished);
    expect((await fresh.storage.getPlan(plan.id))?.outcome).toBe("Overall outcome");

    // loading an agent state restores the notebook inside it
    const state = JSON.parse(JSON.stringify(agent.stateDict()));
    state.planNotebook.current_plan = saved.current_plan;
    agent.loadStateDict(state);
    expect(agent.planNotebook.currentPlan?.name).toBe("text");
  });

  it("loads a notebook state saved by AgentScope Python and saves it back unchanged", async () => {
    const notebook = new PlanNotebook();
    notebook.loadStateDict(structuredClone(pythonState));
    expect(JSON.parse(JSON.stringify(notebook.stateDict()))).toEqual(pythonState);
    expect(notebook.storage).toBeInstanceOf(InMemoryPlanStorage);

    expect(notebook.currentPlan?.subtasks.map((s) => s.state)).toEqual([
      "done",
      "in_progress",
      "todo",
    ]);
    expect((await notebook.getCurrentHint())?.getTextContent()).toContain(
      "Now the subtask at index 1, named 'Write pages', is 'in_progress'.",
    );
    const res = await notebook.finishSubtask(1, "index.html and about.html written");
    expect(text(res)).toBe(
      "Subtask (at index 1) named 'Write pages' is marked as done successfully. The next subtask named 'Deploy' is activated.",
    );
    expect(text(await notebook.viewHistoricalPlans())).toContain(
      "Plan named 'Write a blog post':\n- ID: Xq3mT7bK9rW2pN5vC8hJ4d",
    );
  });

  it("rejects a bad state with the failing path and keeps the old state", async () => {
    const notebook = new PlanNotebook();
    await notebook.createPlan("keep", "d", "e", [sub("a")]);
    const bad = structuredClone(pythonState) as Record<string, unknown>;
    (bad.current_plan as { subtasks: { state: string }[] }).subtasks[0] = { state: "paused" };
    expect(() => notebook.loadStateDict(bad)).toThrow(StateError);
    expect(() => notebook.loadStateDict(bad)).toThrow(/current_plan/);
    expect(notebook.currentPlan?.name).toBe("keep");

    const badStorage = structuredClone(pythonState) as {
      storage: { plans: Record<string, unknown> };
    };
    badStorage.storage.plans.Xq3mT7bK9rW2pN5vC8hJ4d = { name: "x" };
    expect(() => notebook.loadStateDict(badStorage)).toThrow(
      /plans\.Xq3mT7bK9rW2pN5vC8hJ4d\.description: required/,
    );
    expect(notebook.currentPlan?.name).toBe("keep");
    expect(await notebook.storage.getPlans()).toEqual([]);
  });
});
