import { access, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { StateError, ValidationError } from "@agentscope-ts/core";
import JSON5 from "json5";
import { BenchmarkBase } from "../benchmark-base.js";
import { Task } from "../task.js";
import { ACEAccuracy, ACEProcessAccuracy } from "./ace-metrics.js";
import {
  ACE_DATA_FILES,
  type DownloadAceBenchOptions,
  downloadAceBench,
} from "./download-ace-bench.js";

/** One ACEBench item with its answer merged in (as AgentScope loads it). */
export interface AceItem {
  id: string;
  question: string;
  initial_config: Record<string, unknown>;
  function: Record<string, unknown>[];
  ground_truth: Record<string, unknown>[];
  mile_stone: string[];
  language: string;
  tags: { language: string; category: string };
  [key: string]: unknown;
}

/** Options of {@link ACEBenchmark.load}. */
export interface ACEBenchmarkLoadOptions extends Omit<DownloadAceBenchOptions, "files"> {
  /** Download missing files (default true); false makes missing data a StateError. */
  download?: boolean;
}

/**
 * ACEBench's agent tasks (AgentScope's `ACEBenchmark`): reads the published JSON-lines files
 * (`data_zh/<file>.json` and `data_zh/possible_answer/<file>.json`), downloading them first when
 * missing. Each task's input is the question; its metrics are {@link ACEAccuracy} (final state)
 * and {@link ACEProcessAccuracy} (milestone calls); `metadata.tools` holds the function schemas
 * (ACEBench's `"dict"` type read as `"object"`) and `metadata.initialConfig` the phone's start
 * state: a solution makes a fresh `ACEPhone.forTask(task)`, gives the agent `phone.tools(…)` and
 * returns `phone.currentState()` as its output.
 */
export class ACEBenchmark extends BenchmarkBase {
  readonly items: readonly AceItem[];

  constructor(items: readonly AceItem[]) {
    super("ACEBench", "The ACE benchmark for evaluating AI agents.");
    this.items = items;
  }

  /** Loads the data from `dataDir`, downloading missing files (with progress) unless `download` is false. */
  static async load(options: ACEBenchmarkLoadOptions): Promise<ACEBenchmark> {
    const dataDir = resolve(options.dataDir);
    const missing: string[] = [];
    for (const file of ACE_DATA_FILES) {
      if (!(await exists(join(dataDir, file)))) missing.push(file);
    }
    if (missing.length > 0) {
      if (options.download === false) {
        throw new StateError(
          `ACEBench data missing in ${dataDir}: ${missing.join(", ")}. Load with download: true, or copy the files there.`,
        );
      }
      await downloadAceBench({ ...options, dataDir, files: missing });
    }
    return new ACEBenchmark(await readAceData(dataDir));
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Task> {
    for (const item of this.items) yield aceTask(item);
  }

  override async size(): Promise<number> {
    return this.items.length;
  }
}

/** Reads ACEBench's files from `dataDir` into items with their answers and tags. */
export async function readAceData(dataDir: string): Promise<AceItem[]> {
  const items: AceItem[] = [];
  for (const file of ACE_DATA_FILES.filter((f) => !f.includes("possible_answer"))) {
    const [subdir = "", name = ""] = file.split("/");
    const answers = new Map<string, Record<string, unknown>>();
    for (const answer of await readLines(join(dataDir, subdir, "possible_answer", name))) {
      answers.set(String(answer.id), answer);
    }
    for (const data of await readLines(join(dataDir, file))) {
      const id = String(data.id);
      const answer = answers.get(id);
      if (!answer) {
        throw new ValidationError(`ACEBench file ${join(dataDir, file)}`, [
          { path: `id`, message: `item '${id}' has no answer in possible_answer/${name}` },
        ]);
      }
      const language = subdir.split("_").at(-1) ?? "";
      items.push({
        ...data,
        id,
        ground_truth: answer.ground_truth as AceItem["ground_truth"],
        mile_stone: (answer.mile_stone ?? []) as string[],
        language,
        tags: { language, category: name.split(".")[0]!.replace(/^data_/, "") },
      } as AceItem);
    }
  }
  return items;
}

/** The task of one item. */
export function aceTask(item: AceItem): Task {
  const tools = item.function.map((schema) => ({
    type: "function",
    function: JSON.parse(JSON.stringify(schema).replaceAll('"type":"dict"', '"type":"object"')),
  }));
  return new Task({
    id: item.id,
    input: item.question,
    groundTruth: { state: item.ground_truth, mile_stone: item.mile_stone } as never,
    tags: item.tags,
    metrics: [new ACEAccuracy(item.ground_truth), new ACEProcessAccuracy(item.mile_stone)],
    metadata: { tools, initialConfig: item.initial_config },
  });
}

async function readLines(path: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(path, "utf8");
  const out: Record<string, unknown>[] = [];
  for (const [i, line] of text.split("\n").entries()) {
    if (!line.trim()) continue;
    try {
      out.push(JSON5.parse(line));
    } catch (error) {
      throw new ValidationError(`ACEBench file ${path}`, [
        { path: `line ${i + 1}`, message: (error as Error).message },
      ]);
    }
  }
  return out;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
