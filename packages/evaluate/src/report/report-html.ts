import type { ReportData } from "./report-data.js";
import { barChart, escapeHtml, fmt, lineChart } from "./svg-charts.js";

/**
 * The report as one self-contained HTML page (inline CSS and SVG, no script, nothing fetched):
 * summary per metric, per tag, pass@k over repeats, tokens and time, and per task.
 */
export function reportHtml(data: ReportData): string {
  const { meta, metrics, tags, cost } = data;
  const e = escapeHtml;
  const metricRows = metrics
    .map(
      (m) =>
        `<tr data-metric="${e(m.name)}"><td>${e(m.name)}</td><td>${m.type}</td><td class="num" data-field="score">${fmt(m.score)}</td><td class="num" data-field="completed">${m.completed}/${m.involved}</td>${m.passAtK.map((p) => `<td class="num">${fmt(p)}</td>`).join("")}</tr>`,
    )
    .join("");
  const repeats = meta.total_repeats;
  const passHead = Array.from({ length: repeats }, (_, i) => `<th>pass@${i + 1}</th>`).join("");
  const tagRows = tags
    .map(
      (t) =>
        `<tr data-tag="${e(`${t.tag}=${t.value}`)}"><td>${e(t.tag)}</td><td>${e(t.value)}</td><td class="num">${t.tasks}</td>${metrics.map((m) => `<td class="num">${fmt(t.scores[m.name])}</td>`).join("")}</tr>`,
    )
    .join("");
  const tokenRows = Object.entries(cost.tokens)
    .map(
      ([model, t]) =>
        `<tr data-model="${e(model)}"><td>${e(model)}</td><td class="num">${cost.modelCalls[model] ?? 0}</td><td class="num" data-field="input">${t.input}</td><td class="num" data-field="output">${t.output}</td></tr>`,
    )
    .join("");
  const taskRows = data.tasks
    .map(
      (t) =>
        `<tr data-task="${e(t.id)}"><td>${e(t.id)}</td><td>${e(
          Object.entries(t.tags ?? {})
            .map(([k, v]) => `${k}=${v}`)
            .join(", "),
        )}</td>${metrics.map((m) => `<td class="num">${fmt(data.perTask[t.id]?.[m.name])}</td>`).join("")}<td class="num">${fmt((cost.msPerTask[t.id] ?? Number.NaN) / 1000)}</td></tr>`,
    )
    .join("");
  const metricHead = metrics.map((m) => `<th>${e(m.name)}</th>`).join("");
  const charts = [
    barChart(
      "Score per metric",
      metrics.map((m) => ({ label: m.name, value: m.score })),
    ),
    ...metrics.map((m) =>
      barChart(
        `${m.name} per tag`,
        tags
          .filter((t) => m.name in t.scores)
          .map((t) => ({ label: `${t.tag}=${t.value}`, value: t.scores[m.name] ?? 0 })),
      ),
    ),
    lineChart(
      "pass@k over repeats",
      metrics.map((m) => ({ label: m.name, values: m.passAtK })),
      "k (attempts)",
    ),
    barChart(
      "Tokens per model",
      Object.entries(cost.tokens).flatMap(([model, t]) => [
        { label: `${model} in`, value: t.input },
        { label: `${model} out`, value: t.output },
      ]),
    ),
    barChart(
      "Mean seconds per task",
      Object.entries(cost.msPerTask).map(([task, ms]) => ({ label: task, value: ms / 1000 })),
    ),
  ].join("\n");
  const totalIn = Object.values(cost.tokens).reduce((s, t) => s + t.input, 0);
  const totalOut = Object.values(cost.tokens).reduce((s, t) => s + t.output, 0);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(meta.evaluation_name)} · evaluation report</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1100px;padding:0 1rem;color:#1d2330}
h1{margin-bottom:.2rem}.sub{color:#5b6475;margin-top:0}
table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #d5d9e2;padding:.3rem .6rem;text-align:left}
th{background:#f2f4f8}.num{text-align:right;font-variant-numeric:tabular-nums}
.cards{display:flex;gap:1rem;flex-wrap:wrap}.card{border:1px solid #d5d9e2;border-radius:6px;padding:.6rem 1rem}
.card b{display:block;font-size:1.4rem}.charts{display:flex;flex-wrap:wrap;gap:1rem}figure{margin:0}
</style></head><body>
<h1>${e(meta.evaluation_name)}</h1>
<p class="sub">Benchmark <b>${e(meta.benchmark.name)}</b> · ${meta.benchmark.total_tasks} tasks × ${repeats} repeats · started ${e(meta.created_at)}</p>
<div class="cards">
<div class="card" id="solutions"><b>${data.solutions}</b>solutions</div>
<div class="card" id="failed"><b>${data.failedSolutions}</b>failed (threw or timed out)</div>
<div class="card" id="tokens"><b>${totalIn + totalOut}</b>tokens (${totalIn} in, ${totalOut} out)</div>
<div class="card" id="time"><b>${fmt(cost.totalMs / 1000)} s</b>solution time</div>
</div>
<h2>Metrics</h2>
<table id="metrics"><thead><tr><th>metric</th><th>type</th><th>score</th><th>completed</th>${passHead}</tr></thead><tbody>${metricRows}</tbody></table>
<div class="charts">${charts}</div>
<h2>Per tag</h2>
<table id="tags"><thead><tr><th>tag</th><th>value</th><th>tasks</th>${metricHead}</tr></thead><tbody>${tagRows}</tbody></table>
<h2>Cost</h2>
<table id="cost"><thead><tr><th>model</th><th>calls</th><th>input tokens</th><th>output tokens</th></tr></thead><tbody>${tokenRows}</tbody></table>
<h2>Per task</h2>
<table id="tasks"><thead><tr><th>task</th><th>tags</th>${metricHead}<th>mean s</th></tr></thead><tbody>${taskRows}</tbody></table>
<p class="sub">Scores: numbers are the mean over tasks (a missing result counts 0), categories the share of the first listed category, each averaged over repeats. pass@k is the unbiased estimate over the repeats.</p>
</body></html>
`;
}
