import { InterruptedError, StateError, ValidationError } from "@agentscope-ts/core";
import type { ConnectionOptions, Job, Queue, Worker } from "bullmq";
import { installStatsTracer } from "../stats-tracer.js";
import {
  type EvaluationProgress,
  EvaluatorBase,
  type EvaluatorBaseOptions,
  positiveInt,
} from "./evaluator-base.js";
import { runSolution, type SolutionFunction, type SolutionRecord } from "./run-solution.js";

/** One queued solution: which task and repeat. */
export interface SolutionJobData {
  taskId: string;
  repeatId: string;
}

/** Options of {@link QueueEvaluator}. */
export interface QueueEvaluatorOptions extends EvaluatorBaseOptions {
  /** BullMQ's Redis connection, e.g. `{ url: "redis://127.0.0.1:6379" }` (ioredis options). */
  connection: ConnectionOptions;
  /** The BullMQ queue; default `agentscope-eval-<name>` (producer and workers must agree). */
  queueName?: string;
  /** BullMQ's key prefix. Default `"bull"`. */
  prefix?: string;
  /** Tries per job (a throwing metric or a storage failure is retried). Default 3. */
  attempts?: number;
  /** First retry delay in milliseconds, doubled each retry. Default 1000. */
  backoffMs?: number;
}

/** Options of {@link QueueEvaluator.startWorker}. */
export interface QueueWorkerOptions {
  /** Solutions this worker runs at once. Default 1. */
  concurrency?: number;
  /** Milliseconds a job's lock lasts without renewal (a dead worker's job is recovered after it). Default 30 000. */
  lockDurationMs?: number;
  /** Milliseconds between checks for stalled jobs of dead workers. Default 30 000. */
  stalledIntervalMs?: number;
  /** Times a job may stall before it fails. Default 2. */
  maxStalledCount?: number;
  /** Called after each job this worker finished. */
  onRecord?: (record: SolutionRecord) => void;
}

/** Options of {@link QueueEvaluator.waitUntilDone}. */
export interface QueueWaitOptions {
  /** Stops waiting (the jobs stay queued). */
  signal?: AbortSignal;
  /** Gives up after this many milliseconds. Default 24 hours. */
  timeoutMs?: number;
  /** Milliseconds between looks at the queue. Default 250. */
  pollMs?: number;
  /** Called when the number of finished jobs changes. */
  onProgress?: (progress: Omit<EvaluationProgress, "record">) => void;
}

/** A running queue worker. */
export interface EvaluationWorker {
  /** The BullMQ worker. */
  worker: Worker<SolutionJobData, SolutionRecord>;
  /** Stops taking jobs, waits for the running ones, and closes the connection. */
  close(): Promise<void>;
}

/**
 * The evaluation spread over BullMQ workers in any number of processes or machines (the TypeScript
 * counterpart of AgentScope's `RayEvaluator`). A producer {@link enqueue}s one job per task and
 * repeat (job ids are the task and repeat, so enqueuing twice adds nothing); workers
 * ({@link startWorker}, each with the same benchmark and storage) run them with retries and
 * backoff; a job whose worker died is recovered by BullMQ's stalled-job check and run elsewhere.
 * Writes are idempotent: a solution already in the storage is not run again.
 */
export class QueueEvaluator extends EvaluatorBase {
  readonly queueName: string;
  readonly #options: QueueEvaluatorOptions;
  #queue: Queue<SolutionJobData, SolutionRecord> | undefined;

  constructor(options: QueueEvaluatorOptions) {
    super(options);
    if (!options.connection) {
      throw new ValidationError("QueueEvaluator options", [
        {
          path: "connection",
          message: 'required: BullMQ\'s Redis connection, e.g. { url: "redis://127.0.0.1:6379" }',
        },
      ]);
    }
    this.#options = options;
    this.queueName = (options.queueName ?? `agentscope-eval-${options.name}`).replace(
      /[^A-Za-z0-9_.-]/g,
      "_",
    );
    positiveInt("attempts", options.attempts ?? 3);
  }

  /** The BullMQ queue (BullMQ is loaded and the queue opened on first use). */
  async getQueue(): Promise<Queue<SolutionJobData, SolutionRecord>> {
    if (!this.#queue) {
      const { Queue } = await loadBullmq();
      this.#queue ??= new Queue<SolutionJobData, SolutionRecord>(
        this.queueName,
        this.#bullOptions(),
      );
    }
    return this.#queue;
  }

  /** Saves the evaluation and task metas and queues every task and repeat; returns the number of jobs. */
  async enqueue(): Promise<number> {
    await this.saveEvaluationMeta();
    const jobs: { name: string; data: SolutionJobData; opts: { jobId: string } }[] = [];
    for await (const task of this.benchmark) {
      await this.storage.saveTaskMeta(task.id, task.toMeta());
      for (let r = 0; r < this.nRepeat; r++) {
        const data = { taskId: task.id, repeatId: String(r) };
        jobs.push({ name: "solution", data, opts: { jobId: jobIdOf(data) } });
      }
    }
    const queue = await this.getQueue();
    await queue.addBulk(
      jobs.map((job) => ({
        ...job,
        opts: {
          ...job.opts,
          attempts: this.#options.attempts ?? 3,
          backoff: { type: "exponential", delay: this.#options.backoffMs ?? 1_000 },
          removeOnComplete: false,
          removeOnFail: false,
        },
      })),
    );
    return jobs.length;
  }

  /** Starts a worker in this process that runs queued solutions with `solution`. */
  async startWorker(
    solution: SolutionFunction,
    options: QueueWorkerOptions = {},
  ): Promise<EvaluationWorker> {
    const { Worker } = await loadBullmq();
    const uninstall = installStatsTracer();
    const worker = new Worker<SolutionJobData, SolutionRecord>(
      this.queueName,
      async (job: Job<SolutionJobData, SolutionRecord>, _token, signal) => {
        const task = await this.benchmark.getTask(job.data.taskId);
        const record = await runSolution({
          storage: this.storage,
          task,
          repeatId: job.data.repeatId,
          solution,
          timeoutMs: this.timeoutMs,
          signal,
        });
        options.onRecord?.(record);
        if (record.metricErrors.length > 0) {
          // The solution is saved; a retry computes only the metrics that failed.
          throw new StateError(
            `Metrics failed for task '${record.taskId}' repeat '${record.repeatId}': ${record.metricErrors.map((e) => `${e.metric}: ${e.message}`).join("; ")}`,
            { retryable: true },
          );
        }
        return record;
      },
      {
        ...this.#bullOptions(),
        concurrency: positiveInt("concurrency", options.concurrency ?? 1),
        lockDuration: options.lockDurationMs ?? 30_000,
        stalledInterval: options.stalledIntervalMs ?? 30_000,
        maxStalledCount: options.maxStalledCount ?? 2,
      },
    );
    // Errors of the connection are retried by BullMQ; keep them from crashing the process.
    worker.on("error", () => {});
    return {
      worker,
      async close() {
        try {
          await worker.close();
        } finally {
          uninstall();
        }
      },
    };
  }

  /**
   * Waits until no job is waiting, delayed or running, then aggregates the storage into
   * `evaluation_result.json`. Jobs that failed for good are listed; their tasks count as incomplete.
   */
  async waitUntilDone(options: QueueWaitOptions = {}): Promise<{ failed: SolutionJobData[] }> {
    const { signal, timeoutMs = 86_400_000, pollMs = 250, onProgress } = options;
    const queue = await this.getQueue();
    const deadline = Date.now() + timeoutMs;
    let last = -1;
    for (;;) {
      signal?.throwIfAborted();
      const counts = await queue.getJobCounts(
        "waiting",
        "active",
        "delayed",
        "prioritized",
        "completed",
        "failed",
      );
      const pending =
        (counts.waiting ?? 0) +
        (counts.active ?? 0) +
        (counts.delayed ?? 0) +
        (counts.prioritized ?? 0);
      const done = (counts.completed ?? 0) + (counts.failed ?? 0);
      if (done !== last) {
        last = done;
        onProgress?.({ done, total: done + pending });
      }
      if (pending === 0) break;
      if (Date.now() >= deadline) {
        throw new StateError(
          `Queue '${this.queueName}' still has ${pending} job(s) after ${timeoutMs} ms (timeoutMs): are workers running?`,
          { retryable: true },
        );
      }
      await pause(pollMs, signal);
    }
    const failed = (await queue.getFailed()).map((job) => job.data);
    await this.aggregate();
    return { failed };
  }

  /** Enqueues, runs `nWorkers` workers in this process, waits and aggregates (a one-machine run). */
  async run(
    solution: SolutionFunction,
    options: QueueWaitOptions & QueueWorkerOptions = {},
  ): Promise<{ failed: SolutionJobData[] }> {
    await this.enqueue();
    const worker = await this.startWorker(solution, options);
    try {
      return await this.waitUntilDone(options);
    } finally {
      await worker.close();
    }
  }

  /** Closes the producer's queue connection. */
  async close(): Promise<void> {
    await this.#queue?.close();
    this.#queue = undefined;
  }

  #bullOptions(): { connection: ConnectionOptions; prefix?: string } {
    return {
      connection: this.#options.connection,
      ...(this.#options.prefix ? { prefix: this.#options.prefix } : {}),
    };
  }
}

let bullmq: Promise<typeof import("bullmq")> | undefined;

/** BullMQ, imported on first use (it takes a few hundred milliseconds to load). */
function loadBullmq(): Promise<typeof import("bullmq")> {
  bullmq ??= import("bullmq");
  return bullmq;
}

/** The job id of a task and repeat (BullMQ ids may not hold ':'). */
export function jobIdOf(data: SolutionJobData): string {
  return `${encodeURIComponent(data.taskId)}/${encodeURIComponent(data.repeatId)}`;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(
        signal?.reason instanceof Error
          ? signal.reason
          : new InterruptedError("Stopped waiting for the queue."),
      );
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
