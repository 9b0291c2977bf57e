import {
  array,
  checkValue,
  instanceOf,
  nullable,
  nullish,
  object,
  oneOf,
  optional,
  string,
  union,
  withDefault,
} from "../utils/checks.js";
import { shortUuid } from "../utils/short-uuid.js";
import { formatTimestamp } from "../utils/timestamp.js";

/** The states of a plan or a subtask, as in AgentScope. */
export const PLAN_STATES = ["todo", "in_progress", "done", "abandoned"] as const;

/** The state of a {@link Plan} or a {@link SubTask}. */
export type PlanState = (typeof PLAN_STATES)[number];

/** Python's `str(value)` for an optional field: `None` for null. */
const py = (value: string | null): string => (value === null ? "None" : value);

const state = oneOf(PLAN_STATES);

// Checked by hand (utils/checks.ts, no zod at import); `@agentscope-ts/core/zod` has the same
// shapes as zod schemas (`subTaskDictSchema`, `planDictSchema`) for users who validate with zod.
const subTaskDictCheck = object({
  name: string,
  description: string,
  expected_outcome: string,
  outcome: withDefault(nullable(string), null),
  state: withDefault(state, "todo" as PlanState),
  created_at: optional(string),
  finished_at: withDefault(nullable(string), null),
});

/** A subtask as JSON: the keys and order of AgentScope's `SubTask.model_dump()`. */
export interface SubTaskDict {
  name: string;
  description: string;
  expected_outcome: string;
  outcome: string | null;
  state: PlanState;
  created_at: string;
  finished_at: string | null;
}

/** The subtask input accepted by the plan tools and {@link SubTask.fromDict} (defaults optional). */
export interface SubTaskInput {
  name: string;
  description: string;
  expected_outcome: string;
  outcome?: string | null | undefined;
  state?: PlanState | undefined;
  created_at?: string | undefined;
  finished_at?: string | null | undefined;
}

/** The options a {@link SubTask} is built from. */
export interface SubTaskOptions {
  /** The subtask name: concise, descriptive, at most 10 words. */
  name: string;
  /** The constraints, target and outcome to achieve, specific and measurable. */
  description: string;
  /** The expected outcome: specific, concrete and measurable. */
  expectedOutcome: string;
  /** The actual outcome, once finished. */
  outcome?: string | null;
  /** Defaults to `"todo"`. */
  state?: PlanState;
  /** Defaults to now (`YYYY-MM-DD HH:MM:SS.mmm`). */
  createdAt?: string;
  /** When the subtask was finished. */
  finishedAt?: string | null;
}

const subTaskOptionsCheck = object({
  name: string,
  description: string,
  expectedOutcome: string,
  outcome: nullish(string),
  state: optional(state),
  createdAt: optional(string),
  finishedAt: nullish(string),
});

/** One step of a {@link Plan}: AgentScope's `SubTask`. */
export class SubTask {
  /** The subtask name. */
  name: string;
  /** What to do, with constraints and target. */
  description: string;
  /** The expected outcome. */
  expectedOutcome: string;
  /** The actual outcome, once finished. */
  outcome: string | null;
  /** The current state. */
  state: PlanState;
  /** When the subtask was created. */
  createdAt: string;
  /** When the subtask was finished. */
  finishedAt: string | null;

  constructor(options: SubTaskOptions) {
    const o = checkValue(subTaskOptionsCheck, options, "subtask");
    this.name = o.name;
    this.description = o.description;
    this.expectedOutcome = o.expectedOutcome;
    this.outcome = o.outcome ?? null;
    this.state = o.state ?? "todo";
    this.createdAt = o.createdAt ?? formatTimestamp();
    this.finishedAt = o.finishedAt ?? null;
  }

  /** Reads a subtask dict (AgentScope's `model_dump()` JSON, or a plan tool's subtask input). */
  static fromDict(data: unknown): SubTask {
    const d = checkValue(
      subTaskDictCheck,
      data,
      "subtask",
      "A subtask needs the strings name, description and expected_outcome.",
    );
    return new SubTask({
      name: d.name,
      description: d.description,
      expectedOutcome: d.expected_outcome,
      outcome: d.outcome,
      state: d.state,
      ...(d.created_at === undefined ? {} : { createdAt: d.created_at }),
      finishedAt: d.finished_at,
    });
  }

  /** The subtask as AgentScope's JSON (`SubTask.model_dump()`). */
  toDict(): SubTaskDict {
    return {
      name: this.name,
      description: this.description,
      expected_outcome: this.expectedOutcome,
      outcome: this.outcome,
      state: this.state,
      created_at: this.createdAt,
      finished_at: this.finishedAt,
    };
  }

  /** Marks the subtask done with its actual outcome. */
  finish(outcome: string): void {
    this.state = "done";
    this.outcome = outcome;
    this.finishedAt = formatTimestamp();
  }

  /** One markdown line: `- [x] name`, `- [][WIP] name`… (AgentScope's `to_oneline_markdown`). */
  toOnelineMarkdown(): string {
    const prefix = {
      todo: "- []",
      in_progress: "- [][WIP]",
      done: "- [x]",
      abandoned: "- [][Abandoned]",
    }[this.state];
    return `${prefix} ${this.name}`;
  }

  /** The subtask as a markdown list item; `detailed` adds its fields as nested items. */
  toMarkdown(detailed = false): string {
    const prefix = {
      todo: "- [ ] ",
      in_progress: "- [ ] [WIP]",
      done: "- [x] ",
      abandoned: "- [ ] [Abandoned]",
    }[this.state];
    if (!detailed) return `${prefix}${this.name}`;
    const lines = [
      `${prefix}${this.name}`,
      `\t- Created At: ${this.createdAt}`,
      `\t- Description: ${this.description}`,
      `\t- Expected Outcome: ${this.expectedOutcome}`,
      `\t- State: ${this.state}`,
    ];
    if (this.state === "done") {
      lines.push(
        `\t- Finished At: ${py(this.finishedAt)}`,
        `\t- Actual Outcome: ${py(this.outcome)}`,
      );
    }
    return lines.join("\n");
  }
}

const planDictCheck = object({
  id: optional(string),
  name: string,
  description: string,
  expected_outcome: string,
  subtasks: array(subTaskDictCheck),
  created_at: optional(string),
  state: withDefault(state, "todo" as PlanState),
  finished_at: withDefault(nullable(string), null),
  outcome: withDefault(nullable(string), null),
});

/** A plan as JSON: the keys and order of AgentScope's `Plan.model_dump()`. */
export interface PlanDict {
  id: string;
  name: string;
  description: string;
  expected_outcome: string;
  subtasks: SubTaskDict[];
  created_at: string;
  state: PlanState;
  finished_at: string | null;
  outcome: string | null;
}

/** The options a {@link Plan} is built from. */
export interface PlanOptions {
  /** Defaults to a new short uuid. */
  id?: string;
  /** The plan name: concise, descriptive, at most 10 words. */
  name: string;
  /** The constraints, target and outcome to achieve, specific and measurable. */
  description: string;
  /** The expected outcome: specific, concrete and measurable. */
  expectedOutcome: string;
  /** The subtasks; SubTask objects are kept as they are (not copied), as in AgentScope. */
  subtasks: (SubTask | SubTaskOptions)[];
  /** Defaults to now. */
  createdAt?: string;
  /** Defaults to `"todo"`. */
  state?: PlanState;
  /** When the plan was finished. */
  finishedAt?: string | null;
  /** The actual outcome, or why the plan was abandoned. */
  outcome?: string | null;
}

const planOptionsCheck = object({
  id: optional(string),
  name: string,
  description: string,
  expectedOutcome: string,
  subtasks: array(union<unknown>(instanceOf(SubTask), object({}, true))),
  createdAt: optional(string),
  state: optional(state),
  finishedAt: nullish(string),
  outcome: nullish(string),
});

/** A plan made of sequential subtasks: AgentScope's `Plan`. */
export class Plan {
  /** The plan id. */
  id: string;
  /** The plan name. */
  name: string;
  /** What to achieve, with constraints. */
  description: string;
  /** The expected outcome. */
  expectedOutcome: string;
  /** The subtasks, in order. */
  subtasks: SubTask[];
  /** When the plan was created. */
  createdAt: string;
  /** The current state. */
  state: PlanState;
  /** When the plan was finished. */
  finishedAt: string | null;
  /** The actual outcome, or why the plan was abandoned. */
  outcome: string | null;

  constructor(options: PlanOptions) {
    const o = checkValue(planOptionsCheck, options, "plan");
    this.id = o.id ?? shortUuid();
    this.name = o.name;
    this.description = o.description;
    this.expectedOutcome = o.expectedOutcome;
    this.subtasks = options.subtasks.map((s) => (s instanceof SubTask ? s : new SubTask(s)));
    this.createdAt = o.createdAt ?? formatTimestamp();
    this.state = o.state ?? "todo";
    this.finishedAt = o.finishedAt ?? null;
    this.outcome = o.outcome ?? null;
  }

  /** Reads a plan dict (AgentScope's `Plan.model_dump()` JSON). */
  static fromDict(data: unknown): Plan {
    const d = checkValue(planDictCheck, data, "plan");
    return new Plan({
      ...(d.id === undefined ? {} : { id: d.id }),
      name: d.name,
      description: d.description,
      expectedOutcome: d.expected_outcome,
      subtasks: d.subtasks.map((s) => SubTask.fromDict(s)),
      ...(d.created_at === undefined ? {} : { createdAt: d.created_at }),
      state: d.state,
      finishedAt: d.finished_at,
      outcome: d.outcome,
    });
  }

  /** The plan as AgentScope's JSON (`Plan.model_dump()`). */
  toDict(): PlanDict {
    return {
      id: this.id,
      name: this.name,
      description: this.description,
      expected_outcome: this.expectedOutcome,
      subtasks: this.subtasks.map((s) => s.toDict()),
      created_at: this.createdAt,
      state: this.state,
      finished_at: this.finishedAt,
      outcome: this.outcome,
    };
  }

  /**
   * Switches the plan between `todo` and `in_progress` from its subtasks' states (finished plans
   * are left alone). Returns a sentence saying what changed, or `""`.
   */
  refreshPlanState(): string {
    if (this.state === "done" || this.state === "abandoned") return "";
    const anyInProgress = this.subtasks.some((s) => s.state === "in_progress");
    if (anyInProgress && this.state === "todo") {
      this.state = "in_progress";
      return "The plan state has been updated to 'in_progress'.";
    }
    if (!anyInProgress && this.state === "in_progress") {
      this.state = "todo";
      return "The plan state has been updated to 'todo'.";
    }
    return "";
  }

  /** Finishes the plan as done (with its outcome) or abandoned (with the reason). */
  finish(state: "done" | "abandoned", outcome: string): void {
    this.state = state;
    this.outcome = outcome;
    this.finishedAt = formatTimestamp();
  }

  /** The plan as markdown: header fields, then the subtasks (detailed or one line each). */
  toMarkdown(detailed = false): string {
    return [
      `# ${this.name}`,
      `**Description**: ${this.description}`,
      `**Expected Outcome**: ${this.expectedOutcome}`,
      `**State**: ${this.state}`,
      `**Created At**: ${this.createdAt}`,
      "## Subtasks",
      this.subtasks.map((s) => s.toMarkdown(detailed)).join("\n"),
    ].join("\n");
  }
}
