import { appendFile, mkdir, readdir, readFile, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { StateError, ValidationError } from "@agentscope-ts/core";
import { atomicWriteFile } from "@agentscope-ts/core/node";
import type { MetricResult } from "../metric-result.js";
import type { SolutionOutput } from "../solution-output.js";
import type { SolutionStats } from "../solution-stats.js";
import { checkPathPart, type TaskMeta } from "../task.js";
import type { AggregationResult, EvaluationMeta } from "./evaluation-files.js";
import type { EvaluatorStorage } from "./evaluator-storage.js";

/** File names of {@link FileEvaluatorStorage}, the same as AgentScope's. */
export const EVALUATION_FILES = {
  solution: "solution.json",
  stats: "stats.json",
  evaluationDir: "evaluation",
  evaluationResult: "evaluation_result.json",
  evaluationMeta: "evaluation_meta.json",
  taskMeta: "task_meta.json",
  log: "logging.txt",
} as const;

/**
 * Evaluation results in a folder, in AgentScope's layout (a Python evaluation folder and ours are
 * read by either side):
 *
 * ```text
 * saveDir/
 *   evaluation_meta.json  evaluation_result.json
 *   <task_id>/task_meta.json
 *   <task_id>/<repeat_id>/solution.json  stats.json  logging.txt  evaluation/<metric>.json
 * ```
 *
 * Every JSON file is written atomically (a temporary file renamed over it), so a crash or a failed
 * write leaves the previous file whole, and a file that exists is complete.
 */
export class FileEvaluatorStorage implements EvaluatorStorage {
  /** The absolute folder. */
  readonly saveDir: string;

  constructor(options: { saveDir: string }) {
    if (typeof options?.saveDir !== "string" || options.saveDir === "") {
      throw new ValidationError("FileEvaluatorStorage options", [
        { path: "saveDir", message: "required: the folder to keep the evaluation in" },
      ]);
    }
    this.saveDir = resolve(options.saveDir);
  }

  /** The path of a file under a task (and repeat). */
  pathOf(taskId: string, repeatId: string | null, ...rest: string[]): string {
    checkPathPart("task", "taskId", taskId);
    if (repeatId !== null) checkPathPart("repeat", "repeatId", repeatId);
    return join(this.saveDir, taskId, ...(repeatId === null ? [] : [repeatId]), ...rest);
  }

  async saveSolutionResult(
    taskId: string,
    repeatId: string,
    output: SolutionOutput,
  ): Promise<void> {
    // Exactly AgentScope's four fields: Python builds SolutionOutput(**data) from the file.
    const { success, output: out, trajectory, meta } = output;
    await this.#write(this.pathOf(taskId, repeatId, EVALUATION_FILES.solution), {
      success,
      output: out,
      trajectory,
      meta: meta ?? null,
    });
  }

  async getSolutionResult(taskId: string, repeatId: string): Promise<SolutionOutput> {
    const path = this.pathOf(taskId, repeatId, EVALUATION_FILES.solution);
    const data = await this.#read(path, `solution of task '${taskId}' repeat '${repeatId}'`);
    if (typeof data.success !== "boolean" || !Array.isArray(data.trajectory)) {
      throw new ValidationError(`solution file ${path}`, [
        {
          path: typeof data.success !== "boolean" ? "success" : "trajectory",
          message: "expected a boolean success and a trajectory list",
        },
      ]);
    }
    return {
      success: data.success,
      output: (data.output ?? null) as SolutionOutput["output"],
      trajectory: data.trajectory as SolutionOutput["trajectory"],
      meta: (data.meta ?? null) as SolutionOutput["meta"],
    };
  }

  solutionResultExists(taskId: string, repeatId: string): Promise<boolean> {
    return nonEmpty(this.pathOf(taskId, repeatId, EVALUATION_FILES.solution));
  }

  async saveEvaluationResult(
    taskId: string,
    repeatId: string,
    evaluation: MetricResult,
  ): Promise<void> {
    const { name, result, created_at, message, metadata } = evaluation;
    await this.#write(this.#metricPath(taskId, repeatId, name), {
      name,
      result,
      created_at,
      message: message ?? null,
      metadata: metadata ?? null,
    });
  }

  async getEvaluationResult(
    taskId: string,
    repeatId: string,
    metricName: string,
  ): Promise<MetricResult> {
    const path = this.#metricPath(taskId, repeatId, metricName);
    const data = await this.#read(
      path,
      `result of metric '${metricName}' for task '${taskId}' repeat '${repeatId}'`,
    );
    if (
      typeof data.name !== "string" ||
      (typeof data.result !== "string" && typeof data.result !== "number")
    ) {
      throw new ValidationError(`metric result file ${path}`, [
        { path: "result", message: "expected a name and a string or number result" },
      ]);
    }
    return {
      name: data.name,
      result: data.result,
      created_at: typeof data.created_at === "string" ? data.created_at : "",
      message: typeof data.message === "string" ? data.message : null,
      metadata: (data.metadata ?? null) as MetricResult["metadata"],
    };
  }

  evaluationResultExists(taskId: string, repeatId: string, metricName: string): Promise<boolean> {
    return nonEmpty(this.#metricPath(taskId, repeatId, metricName));
  }

  async saveAggregationResult(result: AggregationResult): Promise<void> {
    await this.#write(join(this.saveDir, EVALUATION_FILES.evaluationResult), result);
  }

  async getAggregationResult(): Promise<AggregationResult | undefined> {
    return this.#readOptional(join(this.saveDir, EVALUATION_FILES.evaluationResult)) as Promise<
      AggregationResult | undefined
    >;
  }

  async saveEvaluationMeta(meta: EvaluationMeta): Promise<void> {
    await this.#write(join(this.saveDir, EVALUATION_FILES.evaluationMeta), meta);
  }

  async getEvaluationMeta(): Promise<EvaluationMeta | undefined> {
    return this.#readOptional(join(this.saveDir, EVALUATION_FILES.evaluationMeta)) as Promise<
      EvaluationMeta | undefined
    >;
  }

  async saveTaskMeta(taskId: string, meta: TaskMeta): Promise<void> {
    await this.#write(this.pathOf(taskId, null, EVALUATION_FILES.taskMeta), meta);
  }

  async listTaskMetas(): Promise<TaskMeta[]> {
    let names: string[];
    try {
      names = (await readdir(this.saveDir, { withFileTypes: true }))
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const metas: TaskMeta[] = [];
    for (const name of names) {
      const meta = await this.#readOptional(join(this.saveDir, name, EVALUATION_FILES.taskMeta));
      if (meta) metas.push(meta as unknown as TaskMeta);
    }
    return metas;
  }

  async saveSolutionStats(taskId: string, repeatId: string, stats: SolutionStats): Promise<void> {
    await this.#write(this.pathOf(taskId, repeatId, EVALUATION_FILES.stats), stats);
  }

  async getSolutionStats(taskId: string, repeatId: string): Promise<SolutionStats | undefined> {
    return (await this.#readOptional(this.pathOf(taskId, repeatId, EVALUATION_FILES.stats))) as
      | SolutionStats
      | undefined;
  }

  async appendLog(taskId: string, repeatId: string, text: string): Promise<void> {
    const path = this.pathOf(taskId, repeatId, EVALUATION_FILES.log);
    await mkdir(join(path, ".."), { recursive: true });
    await appendFile(path, text.endsWith("\n") ? text : `${text}\n`, "utf8");
  }

  #metricPath(taskId: string, repeatId: string, metricName: string): string {
    checkPathPart("metric", "metricName", metricName);
    return this.pathOf(taskId, repeatId, EVALUATION_FILES.evaluationDir, `${metricName}.json`);
  }

  async #write(path: string, value: unknown): Promise<void> {
    await mkdir(join(path, ".."), { recursive: true });
    // Python's json.dump(indent=4, ensure_ascii=False) layout.
    await atomicWriteFile(path, JSON.stringify(value, null, 4));
  }

  async #read(path: string, what: string): Promise<Record<string, unknown>> {
    const data = await this.#readOptional(path);
    if (data === undefined) {
      throw new StateError(
        `No ${what} in ${this.saveDir}: ${path} does not exist (run the evaluation first).`,
      );
    }
    return data;
  }

  async #readOptional(path: string): Promise<Record<string, unknown> | undefined> {
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new ValidationError(
        `JSON file ${path}`,
        [{ path: "", message: (error as Error).message }],
        {
          hint: "Delete the file to have it computed again.",
        },
      );
    }
    if (typeof data !== "object" || data === null || Array.isArray(data)) {
      throw new ValidationError(`JSON file ${path}`, [{ path: "", message: "expected an object" }]);
    }
    return data as Record<string, unknown>;
  }
}

async function nonEmpty(path: string): Promise<boolean> {
  try {
    return (await stat(path)).size > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}
