import type { MetricResult } from "../metric-result.js";
import type { SolutionOutput } from "../solution-output.js";
import type { SolutionStats } from "../solution-stats.js";
import type { TaskMeta } from "../task.js";
import type { AggregationResult, EvaluationMeta } from "./evaluation-files.js";

/**
 * Where an evaluation keeps its solutions, metric results and statistics, so a run resumes where
 * it stopped (AgentScope's `EvaluatorStorageBase`, asynchronous). Writes must be idempotent: saving
 * the same record twice leaves one record.
 */
export interface EvaluatorStorage {
  /** Saves a solution (the marker that this task and repeat are done). */
  saveSolutionResult(taskId: string, repeatId: string, output: SolutionOutput): Promise<void>;
  /** Reads a saved solution; a StateError when there is none. */
  getSolutionResult(taskId: string, repeatId: string): Promise<SolutionOutput>;
  /** Whether a solution is saved. */
  solutionResultExists(taskId: string, repeatId: string): Promise<boolean>;
  /** Saves a metric result. */
  saveEvaluationResult(taskId: string, repeatId: string, evaluation: MetricResult): Promise<void>;
  /** Reads a metric result; a StateError when there is none. */
  getEvaluationResult(taskId: string, repeatId: string, metricName: string): Promise<MetricResult>;
  /** Whether a metric result is saved. */
  evaluationResultExists(taskId: string, repeatId: string, metricName: string): Promise<boolean>;
  /** Saves the aggregated results. */
  saveAggregationResult(result: AggregationResult): Promise<void>;
  /** Reads the aggregated results, or `undefined`. */
  getAggregationResult(): Promise<AggregationResult | undefined>;
  /** Saves the evaluation's description. */
  saveEvaluationMeta(meta: EvaluationMeta): Promise<void>;
  /** Reads the evaluation's description, or `undefined`. */
  getEvaluationMeta(): Promise<EvaluationMeta | undefined>;
  /** Saves a task's description. */
  saveTaskMeta(taskId: string, meta: TaskMeta): Promise<void>;
  /** Every saved task description. */
  listTaskMetas(): Promise<TaskMeta[]>;
  /** Saves a solution's statistics. */
  saveSolutionStats(taskId: string, repeatId: string, stats: SolutionStats): Promise<void>;
  /** Reads a solution's statistics, or `undefined`. */
  getSolutionStats(taskId: string, repeatId: string): Promise<SolutionStats | undefined>;
  /** Appends lines to the solution's printing log (`logging.txt`). */
  appendLog(taskId: string, repeatId: string, text: string): Promise<void>;
}
