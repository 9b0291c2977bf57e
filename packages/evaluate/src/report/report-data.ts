import { StateError } from "@agentscope-ts/core";
import { aggregateResults } from "../evaluator/aggregate.js";
import type { AggregationResult, EvaluationMeta } from "../storage/evaluation-files.js";
import type { EvaluatorStorage } from "../storage/evaluator-storage.js";
import type { TaskMeta } from "../task.js";
import { passAtK } from "./pass-at-k.js";

/** One metric's figures over all repeats. */
export interface MetricSummary {
  name: string;
  type: "category" | "numerical";
  /** Mean over repeats of AgentScope's per-repeat score (numbers: mean over involved tasks; categories: share of the passing category). */
  score: number;
  /** Results computed, of tasks × repeats involved. */
  completed: number;
  involved: number;
  /** pass@k for k = 1 … repeats (mean over tasks). */
  passAtK: number[];
}

/** Figures of one tag value. */
export interface TagSummary {
  tag: string;
  value: string;
  tasks: number;
  /** Metric name → score over this tag's tasks. */
  scores: Record<string, number>;
}

/** Tokens and time. */
export interface CostSummary {
  /** Model → tokens. */
  tokens: Record<string, { input: number; output: number }>;
  /** Model calls per model. */
  modelCalls: Record<string, number>;
  /** Tool calls per tool. */
  toolCalls: Record<string, number>;
  /** Summed solution time in milliseconds, and the solutions timed. */
  totalMs: number;
  timedSolutions: number;
  /** Task id → mean solution milliseconds. */
  msPerTask: Record<string, number>;
}

/** Everything the report shows, computed from an evaluation's storage. */
export interface ReportData {
  meta: EvaluationMeta;
  tasks: TaskMeta[];
  aggregation: AggregationResult;
  metrics: MetricSummary[];
  tags: TagSummary[];
  cost: CostSummary;
  /** Solutions saved, and of those, failed (threw or timed out). */
  solutions: number;
  failedSolutions: number;
  /** Task id → metric name → mean score over repeats. */
  perTask: Record<string, Record<string, number>>;
}

/** Options of {@link buildReportData}. */
export interface ReportOptions {
  /** A numerical result at or above this passes (for pass@k). Default 1. */
  passThreshold?: number;
}

/**
 * Reads an evaluation (ours or AgentScope Python's) from `storage` and computes the report's
 * figures: per metric, per tag, pass@k over repeats, tokens and time.
 */
export async function buildReportData(
  storage: EvaluatorStorage,
  options: ReportOptions = {},
): Promise<ReportData> {
  const meta = await storage.getEvaluationMeta();
  if (!meta)
    throw new StateError(
      "No evaluation_meta.json: this folder holds no evaluation (run one first, or check the path).",
    );
  const threshold = options.passThreshold ?? 1;
  const tasks = await storage.listTaskMetas();
  const repeats = meta.total_repeats;
  const aggregation = await aggregateResults(storage, tasks, repeats);
  const repeatIds = Object.keys(aggregation.repeats);

  // value(task, repeat, metric): a number, or undefined when not computed.
  const pass = new Map<string, number>(); // metric/task → passes
  const values = new Map<string, number>(); // metric/task/repeat → score in [0, …]
  const metricInfo = new Map<
    string,
    { type: "category" | "numerical"; passing: string | undefined }
  >();
  for (const task of tasks) {
    for (const m of task.metrics) {
      metricInfo.set(m.name, {
        type: m.metric_type as "category" | "numerical",
        passing: m.categories?.[0],
      });
    }
  }
  for (const id of repeatIds) {
    for (const [name, entry] of Object.entries(aggregation.repeats[id]!.metrics)) {
      const info = metricInfo.get(name);
      for (const [key, v] of Object.entries(entry.distribution)) {
        if (entry.type === "category") {
          for (const taskId of v as string[]) {
            const score = key === info?.passing ? 1 : 0;
            values.set(`${name}/${taskId}/${id}`, score);
            if (score === 1)
              pass.set(`${name}/${taskId}`, (pass.get(`${name}/${taskId}`) ?? 0) + 1);
          }
        } else {
          values.set(`${name}/${key}/${id}`, v as number);
          if ((v as number) >= threshold)
            pass.set(`${name}/${key}`, (pass.get(`${name}/${key}`) ?? 0) + 1);
        }
      }
    }
  }
  const scoreOver = (metric: string, taskIds: readonly string[]): number => {
    if (taskIds.length === 0 || repeatIds.length === 0) return Number.NaN;
    let sum = 0;
    for (const id of repeatIds) {
      let repeatSum = 0;
      for (const t of taskIds) repeatSum += values.get(`${metric}/${t}/${id}`) ?? 0;
      sum += repeatSum / taskIds.length;
    }
    return sum / repeatIds.length;
  };
  const tasksWith = (metric: string) =>
    tasks.filter((t) => t.metrics.some((m) => m.name === metric)).map((t) => t.id);

  const metrics: MetricSummary[] = [...metricInfo.entries()].map(([name, info]) => {
    const ids = tasksWith(name);
    let completed = 0;
    for (const id of repeatIds)
      completed += aggregation.repeats[id]!.metrics[name]?.completed_tasks ?? 0;
    const passK: number[] = [];
    for (let k = 1; k <= repeats; k++) {
      passK.push(
        ids.reduce((s, t) => s + passAtK(repeats, pass.get(`${name}/${t}`) ?? 0, k), 0) /
          (ids.length || 1),
      );
    }
    return {
      name,
      type: info.type,
      score: scoreOver(name, ids),
      completed,
      involved: ids.length * repeatIds.length,
      passAtK: passK,
    };
  });

  const tagGroups = new Map<string, string[]>();
  for (const task of tasks) {
    for (const [tag, value] of Object.entries(task.tags ?? {})) {
      const key = `${tag}\u0000${value}`;
      tagGroups.set(key, [...(tagGroups.get(key) ?? []), task.id]);
    }
  }
  const tags: TagSummary[] = [...tagGroups.entries()]
    .map(([key, ids]) => {
      const [tag = "", value = ""] = key.split("\u0000");
      const scores: Record<string, number> = {};
      for (const m of metrics) {
        const involved = ids.filter((t) => tasksWith(m.name).includes(t));
        if (involved.length) scores[m.name] = scoreOver(m.name, involved);
      }
      return { tag, value, tasks: ids.length, scores };
    })
    .sort((a, b) => a.tag.localeCompare(b.tag) || a.value.localeCompare(b.value));

  const cost: CostSummary = {
    tokens: {},
    modelCalls: {},
    toolCalls: {},
    totalMs: 0,
    timedSolutions: 0,
    msPerTask: {},
  };
  for (const [model, usage] of Object.entries(aggregation.total_stats.chat_usage)) {
    cost.tokens[model] = { input: usage.input_tokens, output: usage.output_tokens };
  }
  Object.assign(cost.modelCalls, aggregation.total_stats.llm);
  Object.assign(cost.toolCalls, aggregation.total_stats.tool);
  let solutions = 0;
  let failedSolutions = 0;
  const perTask: Record<string, Record<string, number>> = {};
  for (const task of tasks) {
    let ms = 0;
    let timed = 0;
    for (const id of repeatIds) {
      const stats = await storage.getSolutionStats(task.id, id);
      if (typeof stats?.duration_ms === "number") {
        ms += stats.duration_ms;
        timed++;
      }
      if (await storage.solutionResultExists(task.id, id)) {
        solutions++;
        if (!(await storage.getSolutionResult(task.id, id)).success) failedSolutions++;
      }
    }
    cost.totalMs += ms;
    cost.timedSolutions += timed;
    if (timed) cost.msPerTask[task.id] = ms / timed;
    perTask[task.id] = Object.fromEntries(
      task.metrics.map((m) => [m.name, scoreOver(m.name, [task.id])]),
    );
  }
  return { meta, tasks, aggregation, metrics, tags, cost, solutions, failedSolutions, perTask };
}
