import { InterruptedError, ValidationError } from "@agentscope-ts/core";
import { failedSolution, type SolutionOutput } from "../solution-output.js";
import { emptyStats } from "../solution-stats.js";
import { collectStats } from "../stats-tracer.js";
import type { EvaluatorStorage } from "../storage/evaluator-storage.js";
import type { Task } from "../task.js";

/** What a solution function receives besides the task. */
export interface SolutionContext {
  /** The repeat, `"0"`, `"1"`… */
  repeatId: string;
  /** Aborted when the solution times out or the run is stopped: pass it on to the agent. */
  signal: AbortSignal;
  /** Appends to this solution's `logging.txt`. */
  log(text: string): Promise<void>;
}

/** The user's solution: solves one task (usually with a fresh agent) and returns its output. */
export type SolutionFunction = (task: Task, context: SolutionContext) => Promise<SolutionOutput>;

/** What happened to one task and repeat. */
export interface SolutionRecord {
  taskId: string;
  repeatId: string;
  /** True when the solution was found in the storage (not run again). */
  resumed: boolean;
  /** The solution's `success`. */
  success: boolean;
  /** Why it failed (`timeout`, or the error's name), when it did. */
  error?: { type: string; message: string };
  /** Metrics that threw (their results are not saved; a later run tries them again). */
  metricErrors: { metric: string; message: string }[];
}

/** Options of {@link runSolution}. */
export interface RunSolutionOptions {
  storage: EvaluatorStorage;
  task: Task;
  repeatId: string;
  solution: SolutionFunction;
  /** Milliseconds before the solution is aborted and recorded as a timeout (unless the task sets its own). */
  timeoutMs: number;
  /** Stops the run: the running solution is aborted and nothing is saved for it. */
  signal?: AbortSignal | undefined;
}

/**
 * Runs one task and repeat unless its solution is saved, records a failure (throw or timeout) as an
 * unsuccessful solution, saves stats then the solution (the solution file marks it done), and
 * computes and saves each metric not saved yet. A stopped run throws InterruptedError and saves
 * nothing for the solution it interrupted.
 */
export async function runSolution(options: RunSolutionOptions): Promise<SolutionRecord> {
  const { storage, task, repeatId, signal } = options;
  const record: SolutionRecord = {
    taskId: task.id,
    repeatId,
    resumed: false,
    success: false,
    metricErrors: [],
  };
  let output: SolutionOutput;
  if (await storage.solutionResultExists(task.id, repeatId)) {
    output = await storage.getSolutionResult(task.id, repeatId);
    record.resumed = true;
  } else {
    if (signal?.aborted) throw interrupted(signal);
    const stats = emptyStats();
    const started = performance.now();
    output = await collectStats(stats, () => solveWithTimeout(options));
    stats.duration_ms = Math.round(performance.now() - started);
    if (signal?.aborted) throw interrupted(signal);
    await storage.saveSolutionStats(task.id, repeatId, stats);
    await storage.saveSolutionResult(task.id, repeatId, output);
  }
  record.success = output.success;
  const error = output.meta?.error as { type?: unknown; message?: unknown } | undefined;
  if (!output.success && error && typeof error === "object") {
    record.error = { type: String(error.type), message: String(error.message) };
  }
  for (const metric of task.metrics) {
    if (await storage.evaluationResultExists(task.id, repeatId, metric.name)) continue;
    try {
      const result = await metric.compute(output);
      if (result?.name !== metric.name) {
        throw new ValidationError(`result of metric '${metric.name}'`, [
          {
            path: "name",
            message: `got '${result?.name}'; build it with metricResult(this.name, …)`,
          },
        ]);
      }
      await storage.saveEvaluationResult(task.id, repeatId, result);
    } catch (caught) {
      record.metricErrors.push({
        metric: metric.name,
        message: (caught as Error)?.message ?? String(caught),
      });
    }
  }
  return record;
}

async function solveWithTimeout(options: RunSolutionOptions): Promise<SolutionOutput> {
  const { task, repeatId, storage, signal } = options;
  const timeoutMs = task.timeoutMs ?? options.timeoutMs;
  const controller = new AbortController();
  const timedOut = new Error(
    `Solution of task '${task.id}' repeat '${repeatId}' took longer than ${timeoutMs} ms (timeoutMs).`,
  );
  const timer = setTimeout(() => controller.abort(timedOut), timeoutMs);
  const onStop = () => controller.abort(interrupted(signal));
  signal?.addEventListener("abort", onStop, { once: true });
  let running: Promise<SolutionOutput> | undefined;
  try {
    running = Promise.resolve().then(() =>
      options.solution(task, {
        repeatId,
        signal: controller.signal,
        log: (text) => storage.appendLog(task.id, repeatId, text),
      }),
    );
    const stopped = new Promise<never>((_, reject) => {
      controller.signal.addEventListener("abort", () => reject(controller.signal.reason), {
        once: true,
      });
    });
    running.catch(() => {});
    stopped.catch(() => {});
    const output = await Promise.race([running, stopped]);
    return checkOutput(task.id, output);
  } catch (error) {
    if (signal?.aborted) throw interrupted(signal);
    if (controller.signal.reason === timedOut) {
      // Let an aborted solution wind down (its agent and model spans end) so its stats are whole.
      if (running) await settledWithin(running, SETTLE_GRACE_MS);
      return failedSolution("timeout", timedOut.message);
    }
    const e = error as Error;
    return failedSolution(e?.name ?? "Error", e?.message ?? String(error));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onStop);
  }
}

/** Milliseconds a timed-out solution gets to stop after its signal aborts, before it is recorded. */
const SETTLE_GRACE_MS = 5_000;

/** Waits until `promise` settles or `ms` pass, whichever comes first; never rejects. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    promise.then(
      () => {},
      () => {},
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

function checkOutput(taskId: string, output: SolutionOutput): SolutionOutput {
  if (
    typeof output !== "object" ||
    output === null ||
    typeof output.success !== "boolean" ||
    !Array.isArray(output.trajectory)
  ) {
    throw new ValidationError(`solution output of task '${taskId}'`, [
      { path: "", message: "expected { success: boolean, output, trajectory: [], meta }" },
    ]);
  }
  return {
    success: output.success,
    output: output.output ?? null,
    trajectory: output.trajectory,
    meta: output.meta ?? null,
  };
}

function interrupted(signal: AbortSignal | undefined): InterruptedError {
  const reason = signal?.reason;
  return reason instanceof InterruptedError
    ? reason
    : new InterruptedError("The evaluation was stopped.", { cause: reason });
}
