import { formatTimestamp, ValidationError } from "@agentscope-ts/core";
import type { BenchmarkBase } from "../benchmark-base.js";
import type { AggregationResult } from "../storage/evaluation-files.js";
import type { EvaluatorStorage } from "../storage/evaluator-storage.js";
import type { TaskMeta } from "../task.js";
import { aggregateResults } from "./aggregate.js";
import type { SolutionRecord } from "./run-solution.js";

/** Default milliseconds one solution may run before it is aborted and recorded as a timeout. */
export const DEFAULT_SOLUTION_TIMEOUT_MS = 600_000;

/** Options every evaluator takes (AgentScope's `EvaluatorBase` arguments). */
export interface EvaluatorBaseOptions {
  /** The evaluation's name. */
  name: string;
  /** The tasks. */
  benchmark: BenchmarkBase;
  /** How many times each task is solved. Default 1. */
  nRepeat?: number;
  /** Where results go. */
  storage: EvaluatorStorage;
  /** Milliseconds a solution may run. Default {@link DEFAULT_SOLUTION_TIMEOUT_MS}. */
  timeoutMs?: number;
}

/** Progress of a run: solutions finished (run or found saved) of the total. */
export interface EvaluationProgress {
  done: number;
  total: number;
  record: SolutionRecord;
}

/** What a finished run returns. */
export interface EvaluationSummary {
  /** Every task and repeat, in the order they finished. */
  records: SolutionRecord[];
  /** The aggregation written to the storage. */
  aggregation: AggregationResult;
}

/** What every evaluator shares: options, meta files and the aggregation (AgentScope's `EvaluatorBase`). */
export abstract class EvaluatorBase {
  readonly name: string;
  readonly benchmark: BenchmarkBase;
  readonly nRepeat: number;
  readonly storage: EvaluatorStorage;
  readonly timeoutMs: number;

  constructor(options: EvaluatorBaseOptions) {
    this.name = options.name;
    this.benchmark = options.benchmark;
    this.nRepeat = positiveInt("nRepeat", options.nRepeat ?? 1);
    this.storage = options.storage;
    this.timeoutMs = positiveInt("timeoutMs", options.timeoutMs ?? DEFAULT_SOLUTION_TIMEOUT_MS);
  }

  /** Writes `evaluation_meta.json`. */
  protected async saveEvaluationMeta(): Promise<void> {
    await this.storage.saveEvaluationMeta({
      evaluation_name: this.name,
      created_at: formatTimestamp(),
      total_repeats: this.nRepeat,
      benchmark: {
        name: this.benchmark.name,
        description: this.benchmark.description,
        total_tasks: await this.benchmark.size(),
      },
      schema_version: 1,
    });
  }

  /** Aggregates the stored results of this benchmark and writes `evaluation_result.json`. */
  async aggregate(): Promise<AggregationResult> {
    const metas: TaskMeta[] = [];
    for await (const task of this.benchmark) metas.push(task.toMeta());
    const result = await aggregateResults(this.storage, metas, this.nRepeat);
    await this.storage.saveAggregationResult(result);
    return result;
  }
}

/** Checks a whole number ≥ 1. */
export function positiveInt(field: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new ValidationError("evaluator options", [
      { path: field, message: `expected a whole number ≥ 1, got ${value}` },
    ]);
  }
  return value;
}
