import type { MetricType } from "../metric-result.js";
import { addStats, emptyStats } from "../solution-stats.js";
import type {
  AggregationResult,
  MetricAggregation,
  RepeatAggregation,
} from "../storage/evaluation-files.js";
import type { EvaluatorStorage } from "../storage/evaluator-storage.js";
import type { TaskMeta } from "../task.js";

/**
 * Aggregates what `storage` holds for `tasks` over `totalRepeats` repeats into AgentScope's
 * `evaluation_result.json` shape: per repeat, per metric, the completed and incomplete tasks, the
 * distribution (category → task ids, or task id → score) and the aggregation (category → share of
 * involved tasks, or `{ mean, max, min }` with the mean over involved tasks, as AgentScope computes
 * it); plus the summed statistics.
 */
export async function aggregateResults(
  storage: EvaluatorStorage,
  tasks: readonly TaskMeta[],
  totalRepeats: number,
): Promise<AggregationResult> {
  const result: AggregationResult = {
    total_tasks: tasks.length,
    total_repeats: totalRepeats,
    total_stats: emptyStats(),
    repeats: {},
    schema_version: 1,
  };
  for (let r = 0; r < totalRepeats; r++) {
    const repeatId = String(r);
    const repeat: RepeatAggregation = {
      completed_tasks: 0,
      incomplete_tasks: 0,
      metrics: {},
      completed_ids: [],
      incomplete_ids: [],
      stats: emptyStats(),
    };
    for (const task of tasks) {
      const stats = await storage.getSolutionStats(task.id, repeatId);
      if (stats) addStats(repeat.stats, stats);
      for (const metric of task.metrics) {
        const entry = repeat.metrics[metric.name] ?? {
          type: metric.metric_type as MetricType,
          involved_tasks: 0,
          completed_tasks: 0,
          incomplete_tasks: 0,
          aggregation: {},
          distribution: {},
        };
        repeat.metrics[metric.name] = entry;
        entry.involved_tasks++;
        if (!(await storage.evaluationResultExists(task.id, repeatId, metric.name))) {
          if (!repeat.incomplete_ids.includes(task.id)) {
            repeat.incomplete_tasks++;
            repeat.incomplete_ids.push(task.id);
          }
          entry.incomplete_tasks++;
          continue;
        }
        if (!repeat.completed_ids.includes(task.id)) {
          repeat.completed_tasks++;
          repeat.completed_ids.push(task.id);
        }
        entry.completed_tasks++;
        const { result: value } = await storage.getEvaluationResult(task.id, repeatId, metric.name);
        if (entry.type === "category") {
          const ids = (entry.distribution[String(value)] ?? []) as string[];
          ids.push(task.id);
          entry.distribution[String(value)] = ids;
        } else {
          entry.distribution[task.id] = Number(value);
        }
      }
    }
    for (const entry of Object.values(repeat.metrics)) fillAggregation(entry);
    result.repeats[repeatId] = repeat;
    addStats(result.total_stats, repeat.stats);
  }
  return result;
}

function fillAggregation(entry: MetricAggregation): void {
  if (entry.type === "category") {
    for (const [category, ids] of Object.entries(entry.distribution)) {
      entry.aggregation[category] = (ids as string[]).length / entry.involved_tasks;
    }
    return;
  }
  const scores = Object.values(entry.distribution) as number[];
  entry.aggregation = {
    mean: scores.reduce((a, b) => a + b, 0) / entry.involved_tasks,
    max: scores.length ? Math.max(...scores) : null,
    min: scores.length ? Math.min(...scores) : null,
  };
}
