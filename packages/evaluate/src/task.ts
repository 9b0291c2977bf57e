import { ValidationError } from "@agentscope-ts/core";
import type { MetricBase } from "./metric-base.js";
import type { MetricResult } from "./metric-result.js";
import type { JsonValue, SolutionOutput } from "./solution-output.js";

/** Options of {@link Task} (AgentScope's `Task` fields). */
export interface TaskOptions {
  /** Unique in its benchmark; used as a folder name. */
  id: string;
  /** The input given to the solution. */
  input: JsonValue;
  /** The expected answer, if any. */
  groundTruth?: JsonValue;
  /** The metrics that score a solution. */
  metrics: MetricBase[];
  /** Tags to group results, e.g. `{ difficulty: "easy" }`. */
  tags?: Record<string, string>;
  /** Anything else the solution needs (not saved). */
  metadata?: Record<string, unknown>;
  /** Milliseconds this task's solution may run; default: the evaluator's `timeoutMs`. */
  timeoutMs?: number;
}

/** The saved description of a task (`<task_id>/task_meta.json`, as AgentScope writes it). */
export interface TaskMeta {
  id: string;
  input: JsonValue;
  ground_truth: JsonValue;
  metrics: {
    name: string;
    metric_type: string;
    description: string | null;
    categories: string[] | null;
  }[];
  tags: Record<string, string> | null;
}

/** One task of a benchmark (AgentScope's `Task`). */
export class Task {
  readonly id: string;
  readonly input: JsonValue;
  readonly groundTruth: JsonValue;
  readonly metrics: MetricBase[];
  readonly tags: Record<string, string> | null;
  readonly metadata: Record<string, unknown> | null;
  readonly timeoutMs: number | undefined;

  constructor(options: TaskOptions) {
    checkPathPart("task", "id", options.id);
    const names = new Set<string>();
    for (const [i, metric] of options.metrics.entries()) {
      if (names.has(metric.name)) {
        throw new ValidationError("task", [
          {
            path: `metrics[${i}].name`,
            message: `'${metric.name}' is used twice in task '${options.id}'; give each metric its own name`,
          },
        ]);
      }
      names.add(metric.name);
    }
    this.id = options.id;
    this.input = options.input;
    this.groundTruth = options.groundTruth ?? null;
    this.metrics = options.metrics;
    this.tags = options.tags ?? null;
    this.metadata = options.metadata ?? null;
    if (
      options.timeoutMs !== undefined &&
      !(Number.isFinite(options.timeoutMs) && options.timeoutMs > 0)
    ) {
      throw new ValidationError("task", [
        { path: "timeoutMs", message: `expected milliseconds > 0, got ${options.timeoutMs}` },
      ]);
    }
    this.timeoutMs = options.timeoutMs;
  }

  /** Scores `solution` with every metric, in order. */
  async evaluate(solution: SolutionOutput): Promise<MetricResult[]> {
    const results: MetricResult[] = [];
    for (const metric of this.metrics) results.push(await metric.compute(solution));
    return results;
  }

  /** The task as `task_meta.json` holds it (metadata left out, as in AgentScope). */
  toMeta(): TaskMeta {
    return {
      id: this.id,
      input: this.input,
      ground_truth: this.groundTruth,
      metrics: this.metrics.map((m) => ({
        name: m.name,
        metric_type: m.metricType,
        description: m.description,
        categories: m.categories,
      })),
      tags: this.tags,
    };
  }
}

/** Throws a ValidationError unless `value` can be one folder name. */
export function checkPathPart(what: string, field: string, value: string): void {
  if (
    typeof value !== "string" ||
    value === "" ||
    value === "." ||
    value === ".." ||
    /[/\\\0]/.test(value)
  ) {
    throw new ValidationError(what, [
      {
        path: field,
        message: `'${String(value)}' cannot be a folder name: use a non-empty id without '/', '\\' and not '.' or '..'`,
      },
    ]);
  }
}
