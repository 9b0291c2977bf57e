import { ValidationError } from "@agentscope-ts/core";
import type { MetricResult, MetricType } from "./metric-result.js";
import type { SolutionOutput } from "./solution-output.js";

/** Options of {@link MetricBase}. */
export interface MetricBaseOptions {
  /** The metric name (also the file name of its results: `evaluation/<name>.json`). */
  name: string;
  /** `"category"` or `"numerical"`. */
  metricType: MetricType;
  /** What it measures. */
  description?: string;
  /** The candidate categories; required for category metrics. For pass@k, list the passing one first. */
  categories?: string[];
}

/** A metric: computes a {@link MetricResult} from a solution (AgentScope's `MetricBase`). */
export abstract class MetricBase {
  readonly name: string;
  readonly metricType: MetricType;
  readonly description: string | null;
  readonly categories: string[] | null;

  constructor(options: MetricBaseOptions) {
    if (!options.name || /[/\\]/.test(options.name) || options.name.startsWith(".")) {
      throw new ValidationError("metric", [
        {
          path: "name",
          message: `'${options.name}' cannot be a file name: use a non-empty name without '/', '\\' or a leading '.'`,
        },
      ]);
    }
    if (options.metricType === "category" && !options.categories?.length) {
      throw new ValidationError("metric", [
        {
          path: "categories",
          message: `category metric '${options.name}' needs its candidate categories`,
        },
      ]);
    }
    this.name = options.name;
    this.metricType = options.metricType;
    this.description = options.description ?? null;
    this.categories = options.categories ?? null;
  }

  /** Computes the result for `solution` (sync or async). */
  abstract compute(solution: SolutionOutput): MetricResult | Promise<MetricResult>;
}

/** Options of {@link defineMetric}: the metric's fields and its compute function. */
export interface DefineMetricOptions extends MetricBaseOptions {
  /** Computes the result (sync or async). */
  compute(solution: SolutionOutput): MetricResult | Promise<MetricResult>;
}

/** A metric from a function, without a subclass. */
export function defineMetric(options: DefineMetricOptions): MetricBase {
  const { compute, ...base } = options;
  return new (class extends MetricBase {
    compute(solution: SolutionOutput): MetricResult | Promise<MetricResult> {
      return compute(solution);
    }
  })(base);
}
