import { installStatsTracer } from "../stats-tracer.js";
import type { Task } from "../task.js";
import {
  type EvaluationProgress,
  type EvaluationSummary,
  EvaluatorBase,
  type EvaluatorBaseOptions,
  positiveInt,
} from "./evaluator-base.js";
import { runSolution, type SolutionFunction, type SolutionRecord } from "./run-solution.js";

/** Options of {@link GeneralEvaluator}. */
export interface GeneralEvaluatorOptions extends EvaluatorBaseOptions {
  /** How many solutions run at once. Default 1. */
  nWorkers?: number;
}

/** Options of {@link GeneralEvaluator.run}. */
export interface EvaluatorRunOptions {
  /** Stops the run (Ctrl-C): running solutions are aborted, nothing partial is saved. */
  signal?: AbortSignal;
  /** Called after each task and repeat. */
  onProgress?: (progress: EvaluationProgress) => void;
}

/**
 * Runs every task `nRepeat` times in this process, `nWorkers` solutions at a time
 * (AgentScope's `GeneralEvaluator`). Each solution runs under a timeout; a throw or a timeout is
 * recorded as an unsuccessful solution and the run goes on. Solutions and metric results already
 * in the storage are not computed again, so a stopped or crashed run resumes where it was.
 */
export class GeneralEvaluator extends EvaluatorBase {
  readonly nWorkers: number;

  constructor(options: GeneralEvaluatorOptions) {
    super(options);
    this.nWorkers = positiveInt("nWorkers", options.nWorkers ?? 1);
  }

  /** Runs the evaluation, then aggregates it into `evaluation_result.json`. */
  async run(
    solution: SolutionFunction,
    options: EvaluatorRunOptions = {},
  ): Promise<EvaluationSummary> {
    const { signal, onProgress } = options;
    signal?.throwIfAborted();
    await this.saveEvaluationMeta();
    const total = (await this.benchmark.size()) * this.nRepeat;
    const records: SolutionRecord[] = [];
    const jobs = this.#jobs();
    const uninstall = installStatsTracer();
    try {
      const worker = async () => {
        for (;;) {
          const next = await jobs.next();
          if (next.done) return;
          const [task, repeatId] = next.value;
          const record = await runSolution({
            storage: this.storage,
            task,
            repeatId,
            solution,
            timeoutMs: this.timeoutMs,
            signal,
          });
          records.push(record);
          onProgress?.({ done: records.length, total, record });
        }
      };
      const results = await Promise.allSettled(Array.from({ length: this.nWorkers }, worker));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
      if (failed) throw failed.reason;
    } finally {
      uninstall();
    }
    return { records, aggregation: await this.aggregate() };
  }

  /** Task and repeat pairs in AgentScope's order (each task's meta saved before its first repeat). */
  async *#jobs(): AsyncGenerator<[Task, string]> {
    for await (const task of this.benchmark) {
      await this.storage.saveTaskMeta(task.id, task.toMeta());
      for (let r = 0; r < this.nRepeat; r++) yield [task, String(r)];
    }
  }
}
