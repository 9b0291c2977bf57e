import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { StateError, ValidationError } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../__fixtures__/temp-dirs.js";
import { aggregateResults } from "../evaluator/aggregate.js";
import { metricResult } from "../metric-result.js";
import { buildReportData } from "../report/report-data.js";
import { trajectoryBlocks } from "../solution-output.js";
import { FileEvaluatorStorage } from "./file-evaluator-storage.js";

const tempDir = tempDirs("as-eval-store-");

/** What AgentScope Python 1.0.21's FileEvaluatorStorage writes (json.dump, indent=4, ensure_ascii=False). */
async function writePythonEvaluation(dir: string): Promise<void> {
  const put = async (path: string, value: unknown) => {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(
      join(dir, path),
      JSON.stringify(value, null, 4).replace(/"result": 1\b/, '"result": 1.0'),
    );
  };
  await put("evaluation_meta.json", {
    evaluation_name: "py-eval",
    created_at: "2026-11-20 10:00:00.123",
    total_repeats: 1,
    benchmark: {
      name: "ACEBench",
      description: "The ACE benchmark for evaluating AI agents.",
      total_tasks: 1,
    },
    schema_version: 1,
  });
  await put("task_1/task_meta.json", {
    id: "task_1",
    input: "把闹钟设到七点",
    ground_truth: { state: [], mile_stone: [] },
    metrics: [
      {
        name: "accuracy",
        metric_type: "numerical",
        description: "The AceBench Agent eval accuracy metric.",
        categories: null,
      },
    ],
    tags: { language: "zh", category: "agent_multi_step" },
  });
  await put("task_1/0/solution.json", {
    success: true,
    output: [{ BaseApi: { wifi: true, logged_in: true } }],
    trajectory: [
      { type: "tool_use", id: "call_1", name: "turn_on_wifi", input: {} },
      {
        type: "tool_result",
        id: "call_1",
        name: "turn_on_wifi",
        output: [{ type: "text", text: "ok" }],
      },
      { type: "text", text: "完成" },
    ],
    meta: null,
  });
  await put("task_1/0/stats.json", {
    llm: { "qwen-max": 2 },
    agent: 1,
    tool: { turn_on_wifi: 1 },
    embedding: {},
    chat_usage: { "qwen-max": { input_tokens: 300, output_tokens: 40 } },
  });
  await put("task_1/0/evaluation/accuracy.json", {
    name: "accuracy",
    result: 1,
    created_at: "2026-11-20 10:00:05.456",
    message: "Success: All keys match",
    metadata: null,
  });
}

describe("FileEvaluatorStorage", () => {
  it("reads an evaluation folder written by AgentScope Python and aggregates it", async () => {
    const dir = await tempDir();
    await writePythonEvaluation(dir);
    const storage = new FileEvaluatorStorage({ saveDir: dir });
    const solution = await storage.getSolutionResult("task_1", "0");
    expect(trajectoryBlocks(solution.trajectory).map((b) => b.type)).toEqual([
      "tool_use",
      "tool_result",
      "text",
    ]);
    expect((await storage.getEvaluationResult("task_1", "0", "accuracy")).result).toBe(1);
    expect((await storage.getEvaluationMeta())?.evaluation_name).toBe("py-eval");
    const metas = await storage.listTaskMetas();
    expect(metas.map((m) => m.tags)).toEqual([{ language: "zh", category: "agent_multi_step" }]);
    const aggregation = await aggregateResults(storage, metas, 1);
    expect(aggregation.repeats["0"]?.metrics.accuracy?.aggregation).toEqual({
      mean: 1,
      max: 1,
      min: 1,
    });
    const report = await buildReportData(storage);
    expect(report.metrics.map((m) => [m.name, m.score, m.passAtK])).toEqual([["accuracy", 1, [1]]]);
    expect(report.cost.msPerTask).toEqual({}); // Python writes no duration
    expect(aggregation.total_stats.chat_usage).toEqual({
      "qwen-max": { input_tokens: 300, output_tokens: 40 },
    });
  });

  it("writes exactly the fields AgentScope Python's dataclasses accept", async () => {
    const dir = await tempDir();
    const storage = new FileEvaluatorStorage({ saveDir: dir });
    await storage.saveSolutionResult("t", "0", {
      success: true,
      output: "x",
      trajectory: [],
      meta: null,
    });
    await storage.saveEvaluationResult("t", "0", metricResult("m", 0.5, { message: "half" }));
    const solution = JSON.parse(await readFile(join(dir, "t", "0", "solution.json"), "utf8"));
    expect(Object.keys(solution)).toEqual(["success", "output", "trajectory", "meta"]);
    const metric = JSON.parse(await readFile(join(dir, "t", "0", "evaluation", "m.json"), "utf8"));
    expect(Object.keys(metric)).toEqual(["name", "result", "created_at", "message", "metadata"]);
    expect(metric.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
  });

  it("keeps the previous file when a save fails, and leaves no temporary file", async () => {
    const dir = await tempDir();
    const storage = new FileEvaluatorStorage({ saveDir: dir });
    await storage.saveSolutionResult("t", "0", {
      success: true,
      output: "first",
      trajectory: [],
      meta: null,
    });
    const bad = { success: true, output: 1n as unknown as string, trajectory: [], meta: null };
    await expect(storage.saveSolutionResult("t", "0", bad)).rejects.toThrow(TypeError);
    expect((await storage.getSolutionResult("t", "0")).output).toBe("first");
    expect(await readdir(join(dir, "t", "0"))).toEqual(["solution.json"]);
  });

  it("names the file and the fix for missing, corrupt and unsafe records", async () => {
    const dir = await tempDir();
    const storage = new FileEvaluatorStorage({ saveDir: dir });
    await expect(storage.getSolutionResult("t", "0")).rejects.toBeInstanceOf(StateError);
    await mkdir(join(dir, "t", "0"), { recursive: true });
    await writeFile(join(dir, "t", "0", "solution.json"), "{ half");
    const corrupt = await storage.getSolutionResult("t", "0").catch((e: unknown) => e);
    expect(corrupt).toBeInstanceOf(ValidationError);
    expect(String((corrupt as Error).message)).toContain(join(dir, "t", "0", "solution.json"));
    expect(() => storage.pathOf("../escape", "0")).toThrow(ValidationError);
    expect(() => storage.pathOf("t", "a/b")).toThrow(ValidationError);
  });
});
