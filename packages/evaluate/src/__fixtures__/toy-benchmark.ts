import { ReActAgent } from "@agentscope-ts/core";
import { PlainFormatter, ScriptedChatModel, scriptedText } from "@agentscope-ts/core/testing";
import {
  agentSolution,
  ArrayBenchmark,
  defineMetric,
  metricResult,
  type SolutionFunction,
  Task,
} from "../index.js";

/** Scores 1 when the output equals the ground truth (a sync metric). */
export const exactMatch = (truth: string) =>
  defineMetric({
    name: "exact_match",
    metricType: "numerical",
    compute: (solution) => metricResult("exact_match", solution.output === truth ? 1 : 0),
  });

/** "pass" or "fail" (an async metric). */
export const verdict = (truth: string) =>
  defineMetric({
    name: "verdict",
    metricType: "category",
    categories: ["pass", "fail"],
    compute: async (solution) =>
      metricResult("verdict", solution.success && solution.output === truth ? "pass" : "fail"),
  });

function task(id: string, truth: string, answers: string[], tags: Record<string, string>, extra: { throws?: boolean; hangs?: boolean } = {}): Task {
  return new Task({
    id,
    input: `question ${id}`,
    groundTruth: truth,
    metrics: [exactMatch(truth), verdict(truth)],
    tags,
    metadata: { answers, ...extra },
    ...(extra.hangs ? { timeoutMs: 200 } : {}),
  });
}

/**
 * Six tasks for two repeats: `add` and `mul` always right, `flaky` right on repeat 0 only,
 * `wrong` never, `boom` throws, `slow` never answers (times out after 200 ms).
 */
export function toyBenchmark(): ArrayBenchmark {
  return new ArrayBenchmark({
    name: "toy",
    description: "A scripted benchmark for tests",
    tasks: [
      task("add", "5", ["5", "5"], { kind: "arith", level: "easy" }),
      task("mul", "42", ["42", "42"], { kind: "arith", level: "hard" }),
      task("flaky", "7", ["7", "8"], { kind: "arith", level: "hard" }),
      task("wrong", "1", ["2", "2"], { kind: "text", level: "easy" }),
      task("boom", "0", [], { kind: "edge", level: "easy" }, { throws: true }),
      task("slow", "0", [], { kind: "edge", level: "hard" }, { hangs: true }),
    ],
  });
}

/** Each solution: a fresh ReActAgent on a scripted model answering the task's answer for the repeat. */
export const toySolution: SolutionFunction = agentSolution({
  createAgent(task, { repeatId }) {
    const meta = task.metadata as { answers: string[]; throws?: boolean; hangs?: boolean };
    if (meta.throws) throw new Error(`task ${task.id} cannot be solved`);
    const step = meta.hangs
      ? (_m: unknown, options: { signal: AbortSignal }) =>
          new Promise<never>((_, reject) => {
            options.signal.addEventListener("abort", () => reject(options.signal.reason), { once: true });
          })
      : scriptedText(meta.answers[Number(repeatId)] ?? "", { usage: { inputTokens: 10, outputTokens: 2 } });
    return new ReActAgent({
      name: "solver",
      sysPrompt: "Answer with a number.",
      model: new ScriptedChatModel({ script: [step], maxRetries: 0 }),
      formatter: new PlainFormatter(),
      consoleOutputEnabled: false,
    });
  },
});
