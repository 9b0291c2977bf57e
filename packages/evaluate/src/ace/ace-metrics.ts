import { pythonRepr, ValidationError } from "@agentscope-ts/core";
import { MetricBase } from "../metric-base.js";
import { type MetricResult, metricResult } from "../metric-result.js";
import { type SolutionOutput, trajectoryBlocks } from "../solution-output.js";

/**
 * ACEBench's process accuracy (AgentScope's `ACEProcessAccuracy`): 1 when every milestone call,
 * written as ACEBench writes them (`[func(key='text', n=3)]`), is among the trajectory's tool calls.
 */
export class ACEProcessAccuracy extends MetricBase {
  readonly mileStone: readonly string[];

  constructor(mileStone: readonly string[]) {
    super({
      name: "process_accuracy",
      metricType: "numerical",
      description: "The AceBench Agent eval process accuracy metric.",
    });
    this.mileStone = mileStone;
  }

  compute(solution: SolutionOutput): MetricResult {
    const calls = trajectoryBlocks(solution.trajectory)
      .filter((block) => block.type === "tool_use")
      .map((block) => {
        const input = (block as { input?: Record<string, unknown> }).input ?? {};
        const args = Object.entries(input).map(([key, value]) =>
          typeof value === "string" ? `${key}='${value}'` : `${key}=${pythonRepr(value)}`,
        );
        return `[${(block as { name: string }).name}(${args.join(", ")})]`;
      });
    for (const stone of this.mileStone) {
      if (!calls.includes(stone)) {
        return metricResult(this.name, 0, {
          message: `Error: Missing milestone '${stone}' in the given trajectory.`,
        });
      }
    }
    return metricResult(this.name, 1, { message: "Success" });
  }
}

/**
 * ACEBench's accuracy (AgentScope's `ACEAccuracy`): 1 when the final state (the solution's output,
 * a list of `{ <App>: state }` objects) matches every app state of the ground truth.
 */
export class ACEAccuracy extends MetricBase {
  readonly state: readonly Record<string, unknown>[];

  constructor(state: readonly Record<string, unknown>[]) {
    super({
      name: "accuracy",
      metricType: "numerical",
      description: "The AceBench Agent eval accuracy metric.",
    });
    this.state = state;
  }

  compute(solution: SolutionOutput): MetricResult {
    if (!Array.isArray(solution.output)) {
      throw new ValidationError("ACEBench solution output", [
        { path: "output", message: "expected the final state: a list of { <App>: state } objects" },
      ]);
    }
    const expected: Record<string, unknown> = {};
    for (const item of this.state) {
      for (const [key, value] of Object.entries(item)) expected[fixTypo(key)] = value;
    }
    const actual: Record<string, unknown> = {};
    for (const item of solution.output) {
      if (item && typeof item === "object" && !Array.isArray(item)) Object.assign(actual, item);
    }
    const missing = Object.keys(expected).filter((key) => !(key in actual));
    if (missing.length > 0) {
      throw new ValidationError("ACEBench solution output", [
        {
          path: "output",
          message: `missing the state of ${missing.join(", ")} (the ground truth has ${Object.keys(expected).join(", ")})`,
        },
      ]);
    }
    for (const [key, value] of Object.entries(expected)) {
      if (!pythonEqual(value, actual[key])) {
        return metricResult(this.name, 0, {
          message: `Error: Mismatch in key '${key}':\n${JSON.stringify(value)}\n${JSON.stringify(actual[key])}`,
        });
      }
    }
    return metricResult(this.name, 1, { message: "Success: All keys match" });
  }
}

/** ACEBench's typos, fixed as AgentScope fixes them (`…API` → `…Api`, `…rpi` → `…rApi`). */
function fixTypo(key: string): string {
  if (key.endsWith("API")) return key.replaceAll("API", "Api");
  if (key.endsWith("rpi")) return key.replaceAll("pi", "Api");
  return key;
}

/** Python's `==` on JSON values (dict key order ignored, list order kept). */
export function pythonEqual(a: unknown, b: unknown): boolean {
  if (typeof a === "boolean" || typeof b === "boolean")
    return (
      Number(a) === Number(b) &&
      typeof a !== "string" &&
      typeof b !== "string" &&
      a !== null &&
      b !== null
    );
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => pythonEqual(x, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) =>
        k in b && pythonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}
