import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import { Plan, SubTask } from "./plan-model.js";

function fixture() {
  const subtask1 = new SubTask({
    name: "Task 1",
    description: "Description 1",
    expectedOutcome: "Expected outcome 1",
    state: "done",
  });
  const subtask2 = new SubTask({
    name: "Task 2",
    description: "Description 2",
    expectedOutcome: "Expected outcome 2",
    state: "in_progress",
  });
  const subtask3 = new SubTask({
    name: "Task 3",
    description: "Description 3",
    expectedOutcome: "Expected outcome 3",
  });
  const plan = new Plan({
    name: "Create website",
    description: "Create a personal portfolio website.",
    expectedOutcome: "A new personal portfolio website is created on GitHub.",
    subtasks: [subtask1, subtask2, subtask3],
  });
  return { subtask1, subtask2, subtask3, plan };
}

describe("SubTask and Plan markdown", () => {
  it("renders subtasks as AgentScope does, None included", () => {
    const { subtask1, subtask3 } = fixture();
    expect(subtask1.toMarkdown(true)).toBe(
      `- [x] Task 1\n\t- Created At: ${subtask1.createdAt}\n\t- Description: Description 1\n\t- Expected Outcome: Expected outcome 1\n\t- State: done\n\t- Finished At: None\n\t- Actual Outcome: None`,
    );
    expect(subtask1.toMarkdown()).toBe("- [x] Task 1");
    expect(subtask3.toMarkdown()).toBe("- [ ] Task 3");
    expect(subtask1.toOnelineMarkdown()).toBe("- [x] Task 1");
    subtask3.state = "abandoned";
    expect(subtask3.toMarkdown()).toBe("- [ ] [Abandoned]Task 3");
    expect(subtask3.toOnelineMarkdown()).toBe("- [][Abandoned] Task 3");
  });

  it("renders a detailed plan as AgentScope does", () => {
    const { subtask1, subtask2, subtask3, plan } = fixture();
    expect(plan.toMarkdown(true)).toBe(
      [
        "# Create website",
        "**Description**: Create a personal portfolio website.",
        "**Expected Outcome**: A new personal portfolio website is created on GitHub.",
        "**State**: todo",
        `**Created At**: ${plan.createdAt}`,
        "## Subtasks",
        "- [x] Task 1",
        `\t- Created At: ${subtask1.createdAt}`,
        "\t- Description: Description 1",
        "\t- Expected Outcome: Expected outcome 1",
        "\t- State: done",
        "\t- Finished At: None",
        "\t- Actual Outcome: None",
        "- [ ] [WIP]Task 2",
        `\t- Created At: ${subtask2.createdAt}`,
        "\t- Description: Description 2",
        "\t- Expected Outcome: Expected outcome 2",
        "\t- State: in_progress",
        "- [ ] Task 3",
        `\t- Created At: ${subtask3.createdAt}`,
        "\t- Description: Description 3",
        "\t- Expected Outcome: Expected outcome 3",
        "\t- State: todo",
      ].join("\n"),
    );
    expect(plan.toMarkdown().split("\n").slice(-3)).toEqual([
      "- [x] Task 1",
      "- [ ] [WIP]Task 2",
      "- [ ] Task 3",
    ]);
  });

  it("ends with an empty line when there are no subtasks, like Python's join", () => {
    const plan = new Plan({ name: "n", description: "d", expectedOutcome: "e", subtasks: [] });
    expect(plan.toMarkdown().endsWith("## Subtasks\n")).toBe(true);
  });
});

describe("SubTask and Plan JSON", () => {
  it("dumps AgentScope's keys in AgentScope's order and reads them back", () => {
    const { plan } = fixture();
    plan.subtasks[0]?.finish("It works");
    const dict = plan.toDict();
    expect(Object.keys(dict)).toEqual([
      "id",
      "name",
      "description",
      "expected_outcome",
      "subtasks",
      "created_at",
      "state",
      "finished_at",
      "outcome",
    ]);
    expect(Object.keys(dict.subtasks[0] ?? {})).toEqual([
      "name",
      "description",
      "expected_outcome",
      "outcome",
      "state",
      "created_at",
      "finished_at",
    ]);
    expect(dict.subtasks[0]).toMatchObject({ state: "done", outcome: "It works" });
    expect(dict.subtasks[0]?.finished_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    expect(dict.id).toHaveLength(22);
    expect(Plan.fromDict(JSON.parse(JSON.stringify(dict))).toDict()).toEqual(dict);
  });

  it("fills defaults for a subtask given only its required fields", () => {
    const subtask = SubTask.fromDict({ name: "n", description: "d", expected_outcome: "e" });
    expect(subtask.toDict()).toEqual({
      name: "n",
      description: "d",
      expected_outcome: "e",
      outcome: null,
      state: "todo",
      created_at: expect.stringMatching(/^\d{4}-/),
      finished_at: null,
    });
  });

  it("names the bad field of a malformed subtask or plan", () => {
    expect(() => SubTask.fromDict({ name: "n", description: "d" })).toThrow(
      /expected_outcome: required/,
    );
    expect(() =>
      SubTask.fromDict({ name: "n", description: "d", expected_outcome: "e", state: "paused" }),
    ).toThrow(/state: expected one of "todo", "in_progress", "done", "abandoned"/);
    expect(
      () =>
        new SubTask({ name: "n", description: "d" } as unknown as ConstructorParameters<
          typeof SubTask
        >[0]),
    ).toThrow(ValidationError);
    expect(() =>
      Plan.fromDict({
        name: "p",
        description: "d",
        expected_outcome: "e",
        subtasks: [{ name: 1 }],
      }),
    ).toThrow(/subtasks\[0\]\.name/);
  });

  it("switches the plan between todo and in_progress from its subtasks", () => {
    const { plan, subtask2 } = fixture();
    expect(plan.refreshPlanState()).toBe("The plan state has been updated to 'in_progress'.");
    expect(plan.state).toBe("in_progress");
    expect(plan.refreshPlanState()).toBe("");
    subtask2.state = "todo";
    expect(plan.refreshPlanState()).toBe("The plan state has been updated to 'todo'.");
    plan.finish("abandoned", "no longer needed");
    subtask2.state = "in_progress";
    expect(plan.refreshPlanState()).toBe("");
    expect(plan.state).toBe("abandoned");
    expect(plan.outcome).toBe("no longer needed");
  });
});
