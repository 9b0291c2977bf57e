import { describe, expect, it } from "vitest";
import { DefaultPlanToHint } from "./default-plan-to-hint.js";
import { Plan, SubTask } from "./plan-model.js";

const T = "2025-10-01 09:00:00.000";

function plan(states: SubTask["state"][]): Plan {
  return new Plan({
    name: "Trip",
    description: "Plan a trip.",
    expectedOutcome: "Booked trip.",
    createdAt: T,
    subtasks: states.map(
      (state, i) =>
        new SubTask({
          name: `t${i}`,
          description: `d${i}`,
          expectedOutcome: `e${i}`,
          state,
          createdAt: T,
        }),
    ),
  });
}

const header = (subtaskLines: string[], state = "todo") =>
  `# Trip\n**Description**: Plan a trip.\n**Expected Outcome**: Booked trip.\n**State**: ${state}\n**Created At**: ${T}\n## Subtasks\n${subtaskLines.join("\n")}`;

describe("DefaultPlanToHint", () => {
  const toHint = new DefaultPlanToHint();

  it("asks to create a plan for complex queries when there is none", () => {
    expect(toHint.call(null)).toBe(
      "<system-hint>If the user's query is complex (e.g. programming a website, game or app), or requires a long chain of steps to complete (e.g. conduct research on a certain topic from different sources), you NEED to create a plan first by calling 'create_plan'. Otherwise, you can directly execute the user's query without planning.</system-hint>",
    );
  });

  it("suggests starting the first subtask when none has started", () => {
    expect(toHint.call(plan(["todo", "todo"]))).toBe(
      `<system-hint>The current plan:\n\`\`\`\n${header(["- [ ] t0", "- [ ] t1"])}\n\`\`\`\nYour options include:\n- Mark the first subtask as 'in_progress' by calling 'update_subtask_state' with subtask_idx=0 and state='in_progress', and start executing it.\n- If the first subtask is not executable, analyze why and what you can do to advance the plan, e.g. ask user for more information, revise the plan by calling 'revise_current_plan'.\n- If the user asks you to do something unrelated to the plan, prioritize the completion of user's query first, and then return to the plan afterward.\n- If the user no longer wants to perform the current plan, confirm with the user and call the 'finish_plan' function.\n</system-hint>`,
    );
  });

  it("details the subtask in progress", () => {
    expect(toHint.call(plan(["done", "in_progress"]))).toBe(
      `<system-hint>The current plan:\n\`\`\`\n${header(["- [x] t0", "- [ ] [WIP]t1"])}\n\`\`\`\nNow the subtask at index 1, named 't1', is 'in_progress'. Its details are as follows:\n\`\`\`\n- [ ] [WIP]t1\n\t- Created At: ${T}\n\t- Description: d1\n\t- Expected Outcome: e1\n\t- State: in_progress\n\`\`\`\nYour options include:\n- Go on execute the subtask and get the outcome.\n- Call 'finish_subtask' with the specific outcome if the subtask is finished.\n- Ask the user for more information if you need.\n- Revise the plan by calling 'revise_current_plan' if necessary.\n- If the user asks you to do something unrelated to the plan, prioritize the completion of user's query first, and then return to the plan afterward.</system-hint>`,
    );
  });

  it("counts the done subtasks when none is in progress", () => {
    expect(toHint.call(plan(["done", "todo", "todo"]))).toBe(
      `<system-hint>The current plan:\n\`\`\`\n${header(["- [x] t0", "- [ ] t1", "- [ ] t2"])}\n\`\`\`\nThe first 1 subtasks are done, and there is no subtask 'in_progress'. Now Your options include:\n- Mark the next subtask as 'in_progress' by calling 'update_subtask_state', and start executing it.\n- Ask the user for more information if you need.\n- Revise the plan by calling 'revise_current_plan' if necessary.\n- If the user asks you to do something unrelated to the plan, prioritize the completion of user's query first, and then return to the plan afterward.</system-hint>`,
    );
  });

  it("suggests finishing the plan when all subtasks are done or abandoned", () => {
    const expected = (lines: string[]) =>
      `<system-hint>The current plan:\n\`\`\`\n${header(lines)}\n\`\`\`\nAll the subtasks are done. Now your options are:\n- Finish the plan by calling 'finish_plan' with the specific outcome, and summarize the whole process and outcome to the user.\n- Revise the plan by calling 'revise_current_plan' if necessary.\n- If the user asks you to do something unrelated to the plan, prioritize the completion of user's query first, and then return to the plan afterward.</system-hint>`;
    expect(toHint.call(plan(["done", "done"]))).toBe(expected(["- [x] t0", "- [x] t1"]));
    expect(toHint.call(plan(["done", "abandoned"]))).toBe(
      expected(["- [x] t0", "- [ ] [Abandoned]t1"]),
    );
  });

  it("treats a plan whose subtasks are all abandoned as not started, as AgentScope does", () => {
    expect(toHint.call(plan(["abandoned"]))).toContain("Mark the first subtask as 'in_progress'");
  });

  it("can be customised by changing its templates", () => {
    const custom = new DefaultPlanToHint();
    custom.hintPrefix = "[";
    custom.hintSuffix = "]";
    custom.whenNoSubtaskInProgress = "{index} of the plan done; braces {unknown} stay";
    expect(custom.call(plan(["done", "done", "todo"]))).toBe(
      "[2 of the plan done; braces {unknown} stay]",
    );
  });

  it("does not expand placeholders found inside the plan text", () => {
    const p = plan(["todo"]);
    p.name = "Use {subtask_idx} literally";
    expect(toHint.call(p)).toContain("# Use {subtask_idx} literally");
  });
});
