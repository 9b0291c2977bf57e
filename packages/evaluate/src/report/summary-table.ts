import type { ReportData } from "./report-data.js";
import { fmt } from "./svg-charts.js";

/** The report's summary as a plain-text table for a terminal. */
export function summaryTable(data: ReportData): string {
  const repeats = data.meta.total_repeats;
  const head = [
    "metric",
    "type",
    "score",
    "completed",
    ...Array.from({ length: repeats }, (_, i) => `pass@${i + 1}`),
  ];
  const rows = data.metrics.map((m) => [
    m.name,
    m.type,
    fmt(m.score),
    `${m.completed}/${m.involved}`,
    ...m.passAtK.map(fmt),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  const tokensIn = Object.values(data.cost.tokens).reduce((s, t) => s + t.input, 0);
  const tokensOut = Object.values(data.cost.tokens).reduce((s, t) => s + t.output, 0);
  return [
    `${data.meta.evaluation_name}: ${data.meta.benchmark.name}, ${data.meta.benchmark.total_tasks} tasks × ${repeats} repeats`,
    line(head),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map(line),
    `solutions ${data.solutions} (${data.failedSolutions} failed) · tokens ${tokensIn} in / ${tokensOut} out · time ${fmt(data.cost.totalMs / 1000)} s`,
    "",
  ].join("\n");
}
