import type { BenchmarkBase } from "./benchmark-base.js";
import type { SolutionFunction } from "./evaluator/run-solution.js";

/**
 * What a benchmark module exports as default for `agentscope eval run MODULE`: the benchmark (or
 * a function that loads it), the solution, and run settings the command line may override.
 */
export interface EvaluationModule {
  /** The evaluation's name (also the default output folder name). */
  name: string;
  /** The tasks, or a function that loads them (e.g. `() => ACEBenchmark.load({ dataDir })`). */
  benchmark: BenchmarkBase | (() => BenchmarkBase | Promise<BenchmarkBase>);
  /** Solves one task (see `agentSolution` for a fresh agent per solution). */
  solution: SolutionFunction;
  /** Repeats per task. Default 1. */
  nRepeat?: number;
  /** Concurrent solutions. Default 1. */
  nWorkers?: number;
  /** Milliseconds per solution. Default 600 000. */
  timeoutMs?: number;
}

/** Types a benchmark module's default export (returns it unchanged). */
export function defineEvaluation(module: EvaluationModule): EvaluationModule {
  return module;
}
