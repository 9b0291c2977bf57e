import { formatTimestamp } from "@agentscope-ts/core";
import type { JsonValue } from "./solution-output.js";

/** How a metric's results are aggregated: categories are counted, numbers averaged. */
export type MetricType = "category" | "numerical";

/** One metric's result for one solution (AgentScope's `MetricResult`, `evaluation/<name>.json`). */
export interface MetricResult {
  /** The metric name. */
  name: string;
  /** A category (string) or a number. */
  result: string | number;
  /** When it was computed (`YYYY-MM-DD HH:MM:SS.mmm`). */
  created_at: string;
  /** An optional explanation. */
  message: string | null;
  /** Optional extra data. */
  metadata: Record<string, JsonValue> | null;
}

/** Builds a {@link MetricResult} stamped now. */
export function metricResult(
  name: string,
  result: string | number,
  extra: { message?: string; metadata?: Record<string, JsonValue> } = {},
): MetricResult {
  return {
    name,
    result,
    created_at: formatTimestamp(),
    message: extra.message ?? null,
    metadata: extra.metadata ?? null,
  };
}
