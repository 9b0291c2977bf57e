import { ToolError } from "../errors/tool-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { Msg } from "../message/msg.js";
import { StateModule } from "../state/state-module.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import { type ToolResponse, toolResponse } from "../tool/tool-response.js";
import { checkValue, int, min, nullish, object, optional, unknown } from "../utils/checks.js";
import { DefaultPlanToHint } from "./default-plan-to-hint.js";
import { InMemoryPlanStorage } from "./in-memory-plan-storage.js";
import { Plan, type PlanDict, SubTask, type SubTaskInput } from "./plan-model.js";
import { createPlanNotebookTools } from "./plan-notebook-tools.js";
import type { PlanStorageBase } from "./plan-storage-base.js";
import { pyListRepr, pyTypeRepr, toIndex } from "./python-text.js";

/** Turns the current plan (or `null`) into the hint added before reasoning, or `null` for none. */
export type PlanToHint = (plan: Plan | null) => string | null;

/** Called after every change of the current plan (e.g. to show it in a UI); may be async. */
export type PlanChangeHook = (notebook: PlanNotebook, plan: Plan | null) => void | Promise<void>;

/** The options of a {@link PlanNotebook}. */
export interface PlanNotebookOptions {
  /** The most subtasks a plan may have; unlimited when omitted. */
  maxSubtasks?: number | null;
  /** Writes the hint from the current plan; a {@link DefaultPlanToHint} by default. */
  planToHint?: PlanToHint | { call(plan: Plan | null): string | null } | null;
  /** Where finished plans are kept; an {@link InMemoryPlanStorage} by default. */
  storage?: PlanStorageBase | null;
}

/** A subtask given to the notebook: a SubTask, or its JSON form as the plan tools receive it. */
export type SubTaskLike = SubTask | SubTaskInput;

const optionsCheck = object({
  maxSubtasks: nullish(min(int, 0, true)),
  planToHint: optional(unknown),
  storage: optional(unknown),
});

/** The description of the plan tool group, for a Toolkit (AgentScope's `PlanNotebook.description`). */
export const PLAN_NOTEBOOK_DESCRIPTION =
  "The plan-related tools. Activate this tool when you need to execute complex task, e.g. building a website or a game. Once activated, you'll enter the plan mode, where you will be guided to complete the given query by creating and following a plan, and hint message wrapped by <system-hint></system-hint> will guide you to complete the task. If you think the user no longer wants to perform the current task, you need to confirm with the user and call the 'finish_plan' function.";

function toSubTask(value: unknown, path: string): SubTask {
  if (value instanceof SubTask) return value;
  try {
    return SubTask.fromDict(value);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(
      "subtask",
      error.issues.map((i) => ({ path: i.path ? `${path}.${i.path}` : path, message: i.message })),
      { hint: "A subtask needs the strings name, description and expected_outcome." },
    );
  }
}

function requireString(value: unknown, field: string, what: string): string {
  if (typeof value === "string") return value;
  throw new ValidationError(what, [
    { path: field, message: `expected string, received ${value === null ? "null" : typeof value}` },
  ]);
}

/**
 * Manages an agent's plan: AgentScope's `PlanNotebook`. It gives the agent plan tools
 * ({@link PlanNotebook.listTools}), writes the hint added before each reasoning step
 * ({@link PlanNotebook.getCurrentHint}), keeps finished plans in a storage, and calls hooks when
 * the plan changes. The tool methods return AgentScope's texts word for word; problems the model
 * can fix (an index out of range, an unfinished previous subtask) come back as such texts, while
 * malformed input and calls without a plan throw (a Toolkit turns those into error results).
 *
 * State: `{"storage": {"plans": {...}}, "current_plan": plan dict | null}`, as AgentScope saves it.
 */
export class PlanNotebook extends StateModule {
  /** What the plan tools are for; the ReAct agent uses it as the description of their tool group. */
  description: string = PLAN_NOTEBOOK_DESCRIPTION;
  /** The most subtasks a plan may have (`null`: unlimited). */
  maxSubtasks: number | null;
  /** Writes the hint from the current plan. */
  planToHint: PlanToHint;
  /** Where finished plans are kept (saved with the notebook as `storage`). */
  storage: PlanStorageBase;
  /** The plan being carried out, or `null`. */
  currentPlan: Plan | null = null;
  readonly #hooks = new Map<string, PlanChangeHook>();

  constructor(options: PlanNotebookOptions = {}) {
    super();
    checkValue(optionsCheck, options, "PlanNotebook options");
    this.maxSubtasks = options.maxSubtasks ?? null;
    const toHint = options.planToHint ?? new DefaultPlanToHint();
    this.planToHint = typeof toHint === "function" ? toHint : (plan) => toHint.call(plan);
    this.storage = options.storage ?? new InMemoryPlanStorage();
    this.registerState(
      "current_plan",
      (plan: Plan | null): PlanDict | null => plan?.toDict() ?? null,
      (json: unknown): Plan | null =>
        json === null ||
        json === undefined ||
        (typeof json === "object" && Object.keys(json).length === 0)
          ? null
          : Plan.fromDict(json),
    );
  }

  /** The state attribute behind {@link PlanNotebook.currentPlan}, named as AgentScope saves it. */
  protected get current_plan(): Plan | null {
    return this.currentPlan;
  }

  protected set current_plan(plan: Plan | null) {
    this.currentPlan = plan;
  }

  #requirePlan(): Plan {
    if (this.currentPlan === null) {
      throw new ToolError(
        "The current plan is None, you need to create a plan by calling create_plan() first.",
      );
    }
    return this.currentPlan;
  }

  #tooMany(count: number): string | null {
    if (this.maxSubtasks === null || count <= this.maxSubtasks) return null;
    return `Error: A plan can have at most ${this.maxSubtasks} subtasks, but got ${count}. Merge or drop subtasks and try again.`;
  }

  /** Creates a plan (replacing the current one, if any) from a name, description and subtasks. */
  async createPlan(
    name: string,
    description: string,
    expectedOutcome: string,
    subtasks: SubTaskLike[],
  ): Promise<ToolResponse> {
    requireString(name, "name", "plan");
    requireString(description, "description", "plan");
    requireString(expectedOutcome, "expected_outcome", "plan");
    if (!Array.isArray(subtasks)) {
      throw new ValidationError("plan", [
        { path: "subtasks", message: "expected a list of subtasks" },
      ]);
    }
    const tasks = subtasks.map((s, i) => toSubTask(s, `subtasks[${i}]`));
    const tooMany = this.#tooMany(tasks.length);
    if (tooMany) return toolResponse(tooMany);

    const plan = new Plan({ name, description, expectedOutcome, subtasks: tasks });
    const text =
      this.currentPlan === null
        ? `Plan '${name}' created successfully.`
        : `The current plan named '${this.currentPlan.name}' is replaced by the newly created plan named '${name}'.`;
    this.currentPlan = plan;
    await this.#triggerPlanChangeHooks();
    return toolResponse(text);
  }

  /**
   * Adds a subtask before `subtaskIdx` (`"add"`), replaces the one at it (`"revise"`), or deletes it
   * (`"delete"`). `subtask` is required for add and revise. Throws when there is no plan.
   */
  async reviseCurrentPlan(
    subtaskIdx: number,
    action: "add" | "revise" | "delete",
    subtask: SubTaskLike | null = null,
  ): Promise<ToolResponse> {
    const idx = toIndex(subtaskIdx);
    if (idx === null) {
      return toolResponse(
        `Error: Invalid type for argument 'subtask_idx'. Expected 'int', but got '${pyTypeRepr(subtaskIdx)}'.`,
      );
    }
    const errors: string[] = [];
    if (action !== "add" && action !== "revise" && action !== "delete") {
      errors.push(`Invalid action '${action}'. Must be one of 'add', 'revise', 'delete'.`);
    }
    if ((action === "add" || action === "revise") && (subtask === null || subtask === undefined)) {
      errors.push(`The subtask must be provided when action is '${action}', but got None.`);
    }
    const plan = this.#requirePlan();
    const n = plan.subtasks.length;
    if (action !== "add" && (idx < 0 || idx >= n)) {
      errors.push(
        `Invalid subtask_idx '${idx}' for action '${action}'. Must be between 0 and ${n - 1}.`,
      );
    }
    if (action === "add" && !(idx >= 0 && idx <= n)) {
      errors.push(`Invalid subtask_idx '${idx}' for action 'add'. Must be between 0 and ${n}.`);
    }
    if (action === "add") {
      const tooMany = this.#tooMany(n + 1);
      if (tooMany) errors.push(tooMany.replace(/^Error: /, ""));
    }
    if (errors.length > 0) return toolResponse(`Error: ${errors[0]}`);

    const task = subtask === null || subtask === undefined ? null : toSubTask(subtask, "subtask");

    if (action === "delete") {
      const [removed] = plan.subtasks.splice(idx, 1);
      await this.#triggerPlanChangeHooks();
      return toolResponse(
        `Subtask (named '${removed?.name}') at index ${idx} is deleted successfully.`,
      );
    }
    if (action === "add" && task) {
      plan.subtasks.splice(idx, 0, task);
      await this.#triggerPlanChangeHooks();
      return toolResponse(`New subtask is added successfully at index ${idx}.`);
    }
    plan.subtasks[idx] = task as SubTask;
    await this.#triggerPlanChangeHooks();
    return toolResponse(`Subtask at index ${idx} is revised successfully.`);
  }

  /**
   * Sets the state of the subtask at `subtaskIdx` to `todo`, `in_progress` or `abandoned` (use
   * {@link PlanNotebook.finishSubtask} for done). Only one subtask may be in progress, and only once
   * every earlier one is done or abandoned. Throws when there is no plan.
   */
  async updateSubtaskState(
    subtaskIdx: number,
    state: "todo" | "in_progress" | "abandoned",
  ): Promise<ToolResponse> {
    const plan = this.#requirePlan();
    const idx = checkSubtaskIndex(plan, subtaskIdx);
    if (typeof idx !== "number") return idx;
    if (state !== "todo" && state !== "in_progress" && state !== "abandoned") {
      return toolResponse(
        `Invalid state '${state}'. Must be one of 'todo', 'in_progress', 'abandoned'.`,
      );
    }
    if (state === "in_progress") {
      for (const [i, subtask] of plan.subtasks.entries()) {
        if (i < idx && subtask.state !== "done" && subtask.state !== "abandoned") {
          return toolResponse(
            `Subtask (at index ${i}) named '${subtask.name}' is not done yet. You should finish the previous subtasks first.`,
          );
        }
        if (subtask.state === "in_progress") {
          return toolResponse(
            `Subtask (at index ${i}) named '${subtask.name}' is already 'in_progress'. You should finish it first before starting another subtask.`,
          );
        }
      }
    }
    const target = plan.subtasks[idx] as SubTask;
    target.state = state;
    const suffix = plan.refreshPlanState();
    await this.#triggerPlanChangeHooks();
    return toolResponse(
      `Subtask at index ${idx}, named '${target.name}' is marked as '${state}' successfully. ${suffix}`,
    );
  }

  /**
   * Marks the subtask at `subtaskIdx` done with its concrete outcome, once every earlier subtask is
   * done or abandoned, and starts the next subtask. Throws when there is no plan.
   */
  async finishSubtask(subtaskIdx: number, subtaskOutcome: string): Promise<ToolResponse> {
    const plan = this.#requirePlan();
    const idx = checkSubtaskIndex(plan, subtaskIdx);
    if (typeof idx !== "number") return idx;
    requireString(subtaskOutcome, "subtask_outcome", "finish_subtask input");
    for (const [i, subtask] of plan.subtasks.slice(0, idx).entries()) {
      if (subtask.state !== "done" && subtask.state !== "abandoned") {
        return toolResponse(
          `Cannot finish subtask at index ${idx} because the previous subtask (at index ${i}) named '${subtask.name}' is not done yet. You should finish the previous subtasks first.`,
        );
      }
    }
    const done = plan.subtasks[idx] as SubTask;
    done.finish(subtaskOutcome);
    const next = plan.subtasks[idx + 1];
    if (next) {
      next.state = "in_progress";
      await this.#triggerPlanChangeHooks();
      return toolResponse(
        `Subtask (at index ${idx}) named '${done.name}' is marked as done successfully. The next subtask named '${next.name}' is activated.`,
      );
    }
    await this.#triggerPlanChangeHooks();
    return toolResponse(
      `Subtask (at index ${idx}) named '${done.name}' is marked as done successfully. `,
    );
  }

  /** The details of the subtasks at the given indexes. Throws when there is no plan. */
  async viewSubtasks(subtaskIdx: number[]): Promise<ToolResponse> {
    const plan = this.#requirePlan();
    if (!Array.isArray(subtaskIdx)) {
      throw new ValidationError("view_subtasks input", [
        { path: "subtask_idx", message: "expected a list of subtask indexes" },
      ]);
    }
    const n = plan.subtasks.length;
    const parts: string[] = [];
    const invalid: unknown[] = [];
    for (const raw of subtaskIdx) {
      const idx = typeof raw === "number" && Number.isInteger(raw) ? raw : null;
      const subtask = idx === null || idx < 0 ? undefined : plan.subtasks[idx];
      if (!subtask) {
        invalid.push(raw);
        continue;
      }
      parts.push(`Subtask at index ${idx}:\n\`\`\`\n${subtask.toMarkdown(true)}\n\`\`\`\n`);
    }
    if (invalid.length > 0) {
      parts.push(`Invalid subtask_idx '${pyListRepr(invalid)}'. Must be between 0 and ${n - 1}.`);
    }
    return toolResponse(parts.join("\n"));
  }

  /**
   * Finishes the current plan as `done` (with its outcome) or `abandoned` (with the reason), moves
   * it to the storage, and clears the current plan.
   */
  async finishPlan(state: "done" | "abandoned", outcome: string): Promise<ToolResponse> {
    if (state !== "done" && state !== "abandoned") {
      throw new ValidationError("finish_plan input", [
        {
          path: "state",
          message: `expected one of "done", "abandoned", received ${JSON.stringify(state)}`,
        },
      ]);
    }
    requireString(outcome, "outcome", "finish_plan input");
    if (this.currentPlan === null) return toolResponse("There is no plan to finish.");
    this.currentPlan.finish(state, outcome);
    await this.storage.addPlan(this.currentPlan);
    this.currentPlan = null;
    await this.#triggerPlanChangeHooks();
    return toolResponse(`The current plan is finished successfully as '${state}'.`);
  }

  /** A summary (id, creation time, description, state) of every stored plan. */
  async viewHistoricalPlans(): Promise<ToolResponse> {
    const plans = await this.storage.getPlans();
    return toolResponse(
      plans
        .map(
          (p) =>
            `Plan named '${p.name}':\n- ID: ${p.id}\n- Created at: ${p.createdAt}\n- Description: ${p.description}\n- State: ${p.state}\n`,
        )
        .join("\n"),
    );
  }

  /**
   * Makes the stored plan with `planId` the current plan. A current plan that is not done is
   * abandoned first; either way it is stored.
   */
  async recoverHistoricalPlan(planId: string): Promise<ToolResponse> {
    requireString(planId, "plan_id", "recover_historical_plan input");
    const historical = await this.storage.getPlan(planId);
    if (historical === null) return toolResponse(`Cannot find the plan with ID '${planId}'.`);
    let text: string;
    if (this.currentPlan) {
      if (this.currentPlan.state !== "done") {
        this.currentPlan.finish(
          "abandoned",
          `The plan execution is interrupted by a new plan with ID '${historical.id}'.`,
        );
      }
      await this.storage.addPlan(this.currentPlan);
      text = `The current plan named '${this.currentPlan.name}' is replaced by the historical plan named '${historical.name}' with ID '${historical.id}'.`;
    } else {
      text = `Historical plan named '${historical.name}' with ID '${historical.id}' is recovered successfully.`;
    }
    this.currentPlan = historical;
    await this.#triggerPlanChangeHooks();
    return toolResponse(text);
  }

  /**
   * The plan tools for a Toolkit, in AgentScope's order: `view_subtasks`, `update_subtask_state`,
   * `finish_subtask`, `create_plan`, `revise_current_plan`, `finish_plan`,
   * `view_historical_plans`, `recover_historical_plan`.
   */
  listTools(): ToolDefinition[] {
    return createPlanNotebookTools(this);
  }

  /**
   * The hint for the current plan as a user message (to add to memory before reasoning, marked as
   * a hint and removed after), or `null` when there is none.
   */
  async getCurrentHint(): Promise<Msg | null> {
    const hint = this.planToHint(this.currentPlan);
    return hint ? new Msg("user", hint, "user") : null;
  }

  /** Registers (or replaces) a hook called after each change of the current plan. */
  registerPlanChangeHook(hookName: string, hook: PlanChangeHook): void {
    requireString(hookName, "hookName", "plan change hook");
    if (typeof hook !== "function") {
      throw new ValidationError("plan change hook", [
        { path: "hook", message: `expected a function, received ${typeof hook}` },
      ]);
    }
    this.#hooks.set(hookName, hook);
  }

  /** Removes a plan change hook; an unknown name is an error. */
  removePlanChangeHook(hookName: string): void {
    if (!this.#hooks.delete(hookName)) {
      throw new ValidationError("plan change hook", [
        {
          path: "hookName",
          message: `no hook named '${hookName}' (registered: ${[...this.#hooks.keys()].join(", ") || "none"})`,
        },
      ]);
    }
  }

  async #triggerPlanChangeHooks(): Promise<void> {
    for (const hook of [...this.#hooks.values()]) await hook(this, this.currentPlan);
  }
}

/** The subtask index as a number, or the reference's error result when it is not a valid index. */
function checkSubtaskIndex(plan: Plan, subtaskIdx: unknown): number | ToolResponse {
  const idx = toIndex(subtaskIdx);
  if (idx === null) {
    return toolResponse(
      `Invalid type for argument 'subtask_idx'. Expected 'int', but got '${pyTypeRepr(subtaskIdx)}'.`,
    );
  }
  const n = plan.subtasks.length;
  if (idx < 0 || idx >= n) {
    return toolResponse(`Invalid subtask_idx '${idx}'. Must be between 0 and ${n - 1}.`);
  }
  return idx;
}
