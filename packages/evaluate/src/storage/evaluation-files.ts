import type { MetricType } from "../metric-result.js";
import type { SolutionStats } from "../solution-stats.js";

/** `evaluation_meta.json`, as AgentScope writes it. */
export interface EvaluationMeta {
  evaluation_name: string;
  created_at: string;
  total_repeats: number;
  benchmark: { name: string; description: string; total_tasks: number };
  schema_version: number;
}

/** One metric of one repeat in `evaluation_result.json`. */
export interface MetricAggregation {
  type: MetricType;
  involved_tasks: number;
  completed_tasks: number;
  incomplete_tasks: number;
  /** Category → share of involved tasks, or `{ mean, max, min }` for numbers. */
  aggregation: Record<string, number | null>;
  /** Category → task ids, or task id → score. */
  distribution: Record<string, string[] | number>;
}

/** One repeat in `evaluation_result.json`. */
export interface RepeatAggregation {
  completed_tasks: number;
  incomplete_tasks: number;
  metrics: Record<string, MetricAggregation>;
  completed_ids: string[];
  incomplete_ids: string[];
  stats: SolutionStats;
}

/** `evaluation_result.json`, as AgentScope writes it. */
export interface AggregationResult {
  total_tasks: number;
  total_repeats: number;
  total_stats: SolutionStats;
  repeats: Record<string, RepeatAggregation>;
  schema_version: number;
}
