import type { Plan } from "./plan-model.js";

/** Fills `{name}` placeholders of a template (Python's `str.format` with keyword arguments). */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/**
 * Writes the hint a {@link PlanNotebook} adds before each reasoning step, from the current plan:
 * AgentScope's `DefaultPlanToHint`, with the same texts. Subclass it (or assign the template
 * properties) to change the wording; templates use `{plan}`, `{subtask_idx}`, `{subtask_name}`,
 * `{subtask}` and `{index}` placeholders.
 */
export class DefaultPlanToHint {
  /** Put before every hint. */
  hintPrefix = "<system-hint>";
  /** Put after every hint. */
  hintSuffix = "</system-hint>";

  /** When there is no plan. */
  noPlan =
    "If the user's query is complex (e.g. programming a website, game or app), or requires a long chain of steps to complete (e.g. conduct research on a certain topic from different sources), you NEED to create a plan first by calling 'create_plan'. Otherwise, you can directly execute the user's query without planning.";

  /** When no subtask has started. */
  atTheBeginning =
    "The current plan:\n```\n{plan}\n```\nYour options include:\n- Mark the first subtask as 'in_progress' by calling 'update_subtask_state' with subtask_idx=0 and state='in_progress', and start executing it.\n- If the first subtask is not executable, analyze why and what you can do to advance the plan, e.g. ask user for more information, revise the plan by calling 'revise_current_plan'.\n- If the user asks you to do something unrelated to the plan, prioritize the completion of user's query first, and then return to the plan afterward.\n- If the user no longer wants to perform the current plan, confirm with the user and call the 'finish_plan' function.\n";

  /** When a subtask is in progress. */
  whenASubtaskInProgress =
    "The current plan:\n```\n{plan}\n```\nNow the subtask at index {subtask_idx}, named '{subtask_name}', is 'in_progress'. Its details are as follows:\n```\n{subtask}\n```\nYour options include:\n- Go on execute the subtask and get the outcome.\n- Call 'finish_subtask' with the specific outcome if the subtask is finished.\n- Ask the user for more information if you need.\n- Revise the plan by calling 'revise_current_plan' if necessary.\n- If the user asks you to do something unrelated to the plan, prioritize the completion of user's query first, and then return to the plan afterward.";

  /** When some subtasks are done and none is in progress. */
  whenNoSubtaskInProgress =
    "The current plan:\n```\n{plan}\n```\nThe first {index} subtasks are done, and there is no subtask 'in_progress'. Now Your options include:\n- Mark the next subtask as 'in_progress' by calling 'update_subtask_state', and start executing it.\n- Ask the user for more information if you need.\n- Revise the plan by calling 'revise_current_plan' if necessary.\n- If the user asks you to do something unrelated to the plan, prioritize the completion of user's query first, and then return to the plan afterward.";

  /** When every subtask is done or abandoned. */
  atTheEnd =
    "The current plan:\n```\n{plan}\n```\nAll the subtasks are done. Now your options are:\n- Finish the plan by calling 'finish_plan' with the specific outcome, and summarize the whole process and outcome to the user.\n- Revise the plan by calling 'revise_current_plan' if necessary.\n- If the user asks you to do something unrelated to the plan, prioritize the completion of user's query first, and then return to the plan afterward.";

  /**
   * The hint for `plan` (AgentScope's `__call__`), wrapped in `<system-hint>…</system-hint>`, or
   * `null` when there is nothing to say.
   */
  call(plan: Plan | null): string | null {
    let hint: string | null = null;
    if (plan === null) {
      hint = this.noPlan;
    } else {
      let nInProgress = 0;
      let nDone = 0;
      let nAbandoned = 0;
      let inProgressIdx: number | null = null;
      for (const [idx, subtask] of plan.subtasks.entries()) {
        if (subtask.state === "in_progress") {
          nInProgress++;
          inProgressIdx = idx;
        } else if (subtask.state === "done") nDone++;
        else if (subtask.state === "abandoned") nAbandoned++;
      }
      const current = inProgressIdx === null ? undefined : plan.subtasks[inProgressIdx];
      if (nInProgress === 0 && nDone === 0) {
        hint = fill(this.atTheBeginning, { plan: plan.toMarkdown() });
      } else if (nInProgress > 0 && inProgressIdx !== null && current) {
        hint = fill(this.whenASubtaskInProgress, {
          plan: plan.toMarkdown(),
          subtask_idx: inProgressIdx,
          subtask_name: current.name,
          subtask: current.toMarkdown(true),
        });
      } else if (nDone + nAbandoned === plan.subtasks.length) {
        hint = fill(this.atTheEnd, { plan: plan.toMarkdown() });
      } else if (nInProgress === 0 && nDone > 0) {
        hint = fill(this.whenNoSubtaskInProgress, { plan: plan.toMarkdown(), index: nDone });
      }
    }
    return hint ? `${this.hintPrefix}${hint}${this.hintSuffix}` : hint;
  }
}
