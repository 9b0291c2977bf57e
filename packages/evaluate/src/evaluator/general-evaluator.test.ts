import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { InterruptedError } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../__fixtures__/temp-dirs.js";
import { toyBenchmark, toySolution } from "../__fixtures__/toy-benchmark.js";
import { FileEvaluatorStorage } from "../storage/file-evaluator-storage.js";
import { GeneralEvaluator } from "./general-evaluator.js";

const tempDir = tempDirs("as-eval-");

describe("GeneralEvaluator", () => {
  it("scores a scripted benchmark exactly: repeats, numeric and category metrics, a throw and a timeout", async () => {
    const dir = await tempDir();
    const storage = new FileEvaluatorStorage({ saveDir: dir });
    const progress: number[] = [];
    const evaluator = new GeneralEvaluator({
      name: "toy-run",
      benchmark: toyBenchmark(),
      nRepeat: 2,
      nWorkers: 3,
      storage,
    });
    const { records, aggregation } = await evaluator.run(toySolution, {
      onProgress: (p) => progress.push(p.done),
    });

    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(records.every((r) => !r.resumed && r.metricErrors.length === 0)).toBe(true);
    const failures = records
      .filter((r) => !r.success)
      .map((r) => `${r.taskId}/${r.repeatId}:${r.error?.type}`)
      .sort();
    expect(failures).toEqual(["boom/0:Error", "boom/1:Error", "slow/0:timeout", "slow/1:timeout"]);

    const r0 = aggregation.repeats["0"]!;
    const r1 = aggregation.repeats["1"]!;
    expect(r0.metrics.exact_match!.distribution).toEqual({
      add: 1,
      mul: 1,
      flaky: 1,
      wrong: 0,
      boom: 0,
      slow: 0,
    });
    expect(r0.metrics.exact_match!.aggregation).toEqual({ mean: 0.5, max: 1, min: 0 });
    expect(r1.metrics.exact_match!.aggregation).toEqual({ mean: 2 / 6, max: 1, min: 0 });
    expect(r0.metrics.verdict!.distribution).toEqual({
      pass: ["add", "mul", "flaky"],
      fail: ["wrong", "boom", "slow"],
    });
    expect(r1.metrics.verdict!.aggregation).toEqual({ pass: 2 / 6, fail: 4 / 6 });
    expect(r0.completed_tasks).toBe(6);
    // Five model calls per repeat (slow's was aborted), four answered with 10 + 2 tokens each.
    expect(r0.stats.llm).toEqual({ "scripted-model": 5 });
    expect(r0.stats.chat_usage).toEqual({
      "scripted-model": { input_tokens: 40, output_tokens: 8 },
    });
    expect(aggregation.total_stats.agent).toBe(10); // slow's agent started too, boom's never did

    const boom = await storage.getSolutionResult("boom", "0");
    expect(boom).toEqual({
      success: false,
      output: null,
      trajectory: [],
      meta: { error: { type: "Error", message: "task boom cannot be solved" } },
    });
    const add = await storage.getSolutionResult("add", "1");
    expect(add.output).toBe("5");
    expect(add.trajectory.map((m) => ("role" in m ? m.role : m.type))).toEqual([
      "user",
      "assistant",
    ]);

    // AgentScope's layout and file names.
    expect((await readdir(dir)).sort()).toEqual([
      "add",
      "boom",
      "evaluation_meta.json",
      "evaluation_result.json",
      "flaky",
      "mul",
      "slow",
      "wrong",
    ]);
    expect((await readdir(join(dir, "add"))).sort()).toEqual(["0", "1", "task_meta.json"]);
    expect((await readdir(join(dir, "add", "0"))).sort()).toEqual([
      "evaluation",
      "logging.txt",
      "solution.json",
      "stats.json",
    ]);
    expect(await readFile(join(dir, "add", "0", "logging.txt"), "utf8")).toBe("solver: 5\n");
    expect((await readdir(join(dir, "add", "0", "evaluation"))).sort()).toEqual([
      "exact_match.json",
      "verdict.json",
    ]);
    const meta = JSON.parse(await readFile(join(dir, "evaluation_meta.json"), "utf8"));
    expect(meta).toMatchObject({
      evaluation_name: "toy-run",
      total_repeats: 2,
      benchmark: { name: "toy", total_tasks: 6 },
      schema_version: 1,
    });
  });

  it("runs nothing again on a second run over the same storage", async () => {
    const storage = new FileEvaluatorStorage({ saveDir: await tempDir() });
    const options = { name: "again", benchmark: toyBenchmark(), nRepeat: 2, storage };
    const first = await new GeneralEvaluator(options).run(toySolution);
    let calls = 0;
    const second = await new GeneralEvaluator({ ...options, nWorkers: 2 }).run(
      async (task, ctx) => {
        calls++;
        return toySolution(task, ctx);
      },
    );
    expect(calls).toBe(0);
    expect(second.records.every((r) => r.resumed)).toBe(true);
    expect(second.aggregation.repeats).toEqual(first.aggregation.repeats);
  });

  it("stops on an aborted signal without saving the interrupted solution, and resumes from there", async () => {
    const storage = new FileEvaluatorStorage({ saveDir: await tempDir() });
    const controller = new AbortController();
    const options = { name: "stop", benchmark: toyBenchmark(), nRepeat: 1, storage };
    const run = new GeneralEvaluator(options).run(
      async (task, ctx) => {
        if (task.id === "flaky") {
          controller.abort();
          await new Promise((resolve) =>
            ctx.signal.addEventListener("abort", resolve, { once: true }),
          );
        }
        return toySolution(task, ctx);
      },
      { signal: controller.signal },
    );
    await expect(run).rejects.toBeInstanceOf(InterruptedError);
    expect(await storage.solutionResultExists("mul", "0")).toBe(true);
    expect(await storage.solutionResultExists("flaky", "0")).toBe(false);

    const ran: string[] = [];
    const { aggregation } = await new GeneralEvaluator(options).run(async (task, ctx) => {
      ran.push(task.id);
      return toySolution(task, ctx);
    });
    expect(ran).toEqual(["flaky", "wrong", "boom", "slow"]);
    expect(aggregation.repeats["0"]!.metrics.exact_match!.aggregation.mean).toBe(0.5);
  });

  it("records a metric that throws and computes it on the next run", async () => {
    const storage = new FileEvaluatorStorage({ saveDir: await tempDir() });
    const { ArrayBenchmark, Task, defineMetric, metricResult } = await import("../index.js");
    let fail = true;
    const metric = defineMetric({
      name: "fragile",
      metricType: "numerical",
      compute: () => {
        if (fail) throw new Error("judge unavailable");
        return metricResult("fragile", 0.25);
      },
    });
    const benchmark = new ArrayBenchmark({
      name: "b",
      tasks: [new Task({ id: "t", input: "x", metrics: [metric] })],
    });
    const solution = async () => ({ success: true, output: "x", trajectory: [], meta: null });
    const first = await new GeneralEvaluator({ name: "m", benchmark, storage }).run(solution);
    expect(first.records[0]!.metricErrors).toEqual([
      { metric: "fragile", message: "judge unavailable" },
    ]);
    expect(first.aggregation.repeats["0"]!.incomplete_ids).toEqual(["t"]);
    fail = false;
    const second = await new GeneralEvaluator({ name: "m", benchmark, storage }).run(solution);
    expect(second.aggregation.repeats["0"]!.metrics.fragile!.aggregation).toEqual({
      mean: 0.25,
      max: 0.25,
      min: 0.25,
    });
  });
});
