import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type RunningRedis, startRedis } from "@agentscope-ts/test-databases";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type SpawnedScript, spawnScript } from "../__fixtures__/spawn-script.js";
import { toyBenchmark, toySolution } from "../__fixtures__/toy-benchmark.js";
import type { AggregationResult } from "../storage/evaluation-files.js";
import { FileEvaluatorStorage } from "../storage/file-evaluator-storage.js";
import { GeneralEvaluator } from "./general-evaluator.js";
import { QueueEvaluator } from "./queue-evaluator.js";

const workerScript = fileURLToPath(new URL("../__fixtures__/queue-worker.ts", import.meta.url));
let redis: RunningRedis;
let dir: string;
const workers: SpawnedScript[] = [];
beforeAll(async () => {
  redis = await startRedis();
  dir = await mkdtemp(join(tmpdir(), "as-eval-queue-"));
});
afterAll(async () => {
  for (const w of workers)
    if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill("SIGKILL");
  await Promise.all(workers.map((w) => w.exited));
  await redis?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** The results that must agree between evaluators: metrics and counts, not timestamps or durations. */
function comparable(aggregation: AggregationResult) {
  return Object.fromEntries(
    Object.entries(aggregation.repeats).map(([id, r]) => [
      id,
      {
        metrics: r.metrics,
        completed: r.completed_ids,
        llm: r.stats.llm,
        usage: r.stats.chat_usage,
        agent: r.stats.agent,
      },
    ]),
  );
}

it("runs every job exactly once on three worker processes with one SIGKILLed mid-job, with GeneralEvaluator's results", async () => {
  const saveDir = join(dir, "queue");
  const runLog = join(dir, "runs.log");
  const env = { REDIS_URL: redis.url, SAVE_DIR: saveDir, RUN_LOG: runLog, QUEUE: "toy-queue" };
  const storage = new FileEvaluatorStorage({ saveDir });
  const producer = new QueueEvaluator({
    name: "queue",
    queueName: "toy-queue",
    benchmark: toyBenchmark(),
    nRepeat: 2,
    storage,
    connection: { url: redis.url },
  });
  try {
    expect(await producer.enqueue()).toBe(12);
    expect(await producer.enqueue()).toBe(12); // same job ids: nothing added twice
    expect(await (await producer.getQueue()).count()).toBe(12);

    const victim = await spawnScript(workerScript, { ...env, VICTIM: "1", WORKER: "victim" });
    workers.push(victim);
    const blocked = await victim.waitForLine((l) => l.startsWith("blocked "));
    const stuck = blocked.slice("blocked ".length);
    for (const name of ["w2", "w3"])
      workers.push(await spawnScript(workerScript, { ...env, WORKER: name }));
    await Promise.all(workers.slice(1).map((w) => w.waitForLine((l) => l === "ready")));
    victim.child.kill("SIGKILL");
    expect((await victim.exited).signal).toBe("SIGKILL");

    const progress: number[] = [];
    const { failed } = await producer.waitUntilDone({
      timeoutMs: 30_000,
      onProgress: (p) => progress.push(p.done),
    });
    expect(failed).toEqual([]);
    expect(progress.at(-1)).toBe(12);

    const ends = (await readFile(runLog, "utf8"))
      .trim()
      .split("\n")
      .map((l) => l.split(" by ")[0]);
    const expected = ["add", "mul", "flaky", "wrong", "slow"].flatMap((t) => [
      `end ${t}/0`,
      `end ${t}/1`,
    ]);
    expect(ends.sort()).toEqual(expected.sort()); // boom throws before its end line
    // The victim's job was recovered and run by another worker.
    const byWorker = (await readFile(runLog, "utf8"))
      .split("\n")
      .filter((l) => l.startsWith(`end ${stuck} `));
    expect(stuck.startsWith("boom/") || byWorker.length === 1).toBe(true);
    expect(byWorker.every((l) => !l.endsWith("victim"))).toBe(true);
    const job = await (await producer.getQueue()).getJob(stuck);
    expect(job?.attemptsStarted).toBeGreaterThanOrEqual(2);

    const reference = new FileEvaluatorStorage({ saveDir: join(dir, "general") });
    const general = await new GeneralEvaluator({
      name: "general",
      benchmark: toyBenchmark(),
      nRepeat: 2,
      nWorkers: 2,
      storage: reference,
    }).run(toySolution);
    const queued = await storage.getAggregationResult();
    expect(queued && comparable(queued)).toEqual(comparable(general.aggregation));
    for (const t of ["add", "mul", "flaky", "wrong", "boom", "slow"]) {
      for (const r of ["0", "1"]) {
        const [a, b] = [
          await storage.getSolutionResult(t, r),
          await reference.getSolutionResult(t, r),
        ];
        expect([a.success, a.output]).toEqual([b.success, b.output]);
      }
    }
  } finally {
    await producer.close();
  }
});

it("retries a job whose metric failed, computing only that metric again", async () => {
  const { ArrayBenchmark, Task, defineMetric, metricResult } = await import("../index.js");
  let judgeCalls = 0;
  let solutionCalls = 0;
  const judge = defineMetric({
    name: "judge",
    metricType: "numerical",
    compute: () => {
      judgeCalls++;
      if (judgeCalls === 1) throw new Error("judge model overloaded");
      return metricResult("judge", 0.75);
    },
  });
  const storage = new FileEvaluatorStorage({ saveDir: join(dir, "retry") });
  const evaluator = new QueueEvaluator({
    name: "retry",
    benchmark: new ArrayBenchmark({
      name: "one",
      tasks: [new Task({ id: "t", input: "x", metrics: [judge] })],
    }),
    storage,
    connection: { url: redis.url },
    backoffMs: 10,
  });
  try {
    const { failed } = await evaluator.run(
      async () => {
        solutionCalls++;
        return { success: true, output: "x", trajectory: [], meta: null };
      },
      { timeoutMs: 20_000, pollMs: 20 },
    );
    expect(failed).toEqual([]);
    expect([solutionCalls, judgeCalls]).toEqual([1, 2]);
    expect((await storage.getEvaluationResult("t", "0", "judge")).result).toBe(0.75);
    const job = await (await evaluator.getQueue()).getJob("t/0");
    expect(job?.attemptsMade).toBe(2);
  } finally {
    await evaluator.close();
  }
});
