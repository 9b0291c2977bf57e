export {
  ACEBenchmark,
  type ACEBenchmarkLoadOptions,
  type AceItem,
  aceTask,
  readAceData,
} from "./ace/ace-benchmark.js";
export { ACEAccuracy, ACEProcessAccuracy } from "./ace/ace-metrics.js";
export {
  ACE_DATA_FILES,
  ACE_DATA_URL,
  type DownloadAceBenchOptions,
  type DownloadProgress,
  downloadAceBench,
  downloadProgressBar,
} from "./ace/download-ace-bench.js";
export { ACEPhone, type AcePhoneTool } from "./ace/phone/ace-phone.js";
export { ArrayBenchmark, BenchmarkBase } from "./benchmark-base.js";
export { defineEvaluation, type EvaluationModule } from "./evaluation-module.js";
export { type AgentSolutionOptions, agentSolution } from "./evaluator/agent-solution.js";
export { aggregateResults } from "./evaluator/aggregate.js";
export {
  DEFAULT_SOLUTION_TIMEOUT_MS,
  type EvaluationProgress,
  type EvaluationSummary,
  EvaluatorBase,
  type EvaluatorBaseOptions,
} from "./evaluator/evaluator-base.js";
export {
  type EvaluatorRunOptions,
  GeneralEvaluator,
  type GeneralEvaluatorOptions,
} from "./evaluator/general-evaluator.js";
export {
  type EvaluationWorker,
  jobIdOf,
  QueueEvaluator,
  type QueueEvaluatorOptions,
  type QueueWaitOptions,
  type QueueWorkerOptions,
  type SolutionJobData,
} from "./evaluator/queue-evaluator.js";
export {
  type RunSolutionOptions,
  runSolution,
  type SolutionContext,
  type SolutionFunction,
  type SolutionRecord,
} from "./evaluator/run-solution.js";
export {
  type DefineMetricOptions,
  defineMetric,
  MetricBase,
  type MetricBaseOptions,
} from "./metric-base.js";
export { type MetricResult, type MetricType, metricResult } from "./metric-result.js";
export { passAtK } from "./report/pass-at-k.js";
export {
  buildReportData,
  type CostSummary,
  type MetricSummary,
  type ReportData,
  type ReportOptions,
  type TagSummary,
} from "./report/report-data.js";
export { reportHtml } from "./report/report-html.js";
export { summaryTable } from "./report/summary-table.js";
export { type WriteReportOptions, writeReport } from "./report/write-report.js";
export {
  failedSolution,
  type JsonValue,
  type SolutionOutput,
  type TrajectoryItem,
  trajectoryBlocks,
} from "./solution-output.js";
export { addStats, type ChatUsageStats, emptyStats, type SolutionStats } from "./solution-stats.js";
export type {
  AggregationResult,
  EvaluationMeta,
  MetricAggregation,
  RepeatAggregation,
} from "./storage/evaluation-files.js";
export type { EvaluatorStorage } from "./storage/evaluator-storage.js";
export { EVALUATION_FILES, FileEvaluatorStorage } from "./storage/file-evaluator-storage.js";
export { Task, type TaskMeta, type TaskOptions } from "./task.js";
