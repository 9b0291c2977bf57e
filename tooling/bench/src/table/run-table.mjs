// The performance table of issue 19: each workload measured in fresh child processes (one per
// measurement, each warming up first), the framework and the raw-SDK loop alternating over several
// rounds; prints the median and spread (min–max) of each, and the median of the rounds' own ratios.
// `BENCH_ROUNDS` (default 7) sets the rounds; CLI arguments filter rows by name.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { measureInstallSize } from "./install-size.mjs";
import { startMock } from "./mock-routes.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const workloadFile = fileURLToPath(new URL("./workload.mjs", import.meta.url));

/** The table's rows: workload spec, unit, target ratio (or "flat", an absolute `limit`, or a `note`). */
const ROWS = [
  ...[
    ["10 tool rounds + answer, non-streaming", { workload: "tools" }, 1.1],
    ["10 tool rounds + answer, streaming", { workload: "tools", streaming: true }, 1.1],
    ["2,000-token answer, non-streaming", { workload: "answer" }, 1.05],
    ["2,000-token answer, agent.stream()", { workload: "answer", streaming: true }, 0.9],
  ].flatMap(([name, spec, target]) => [
    // Cold: the first run in a fresh process (imports done, nothing warmed up).
    { name: `${name}, cold`, spec: { ...spec, phase: "cold" }, unit: "ms", target },
    // Steady state: a warm process, the median of several batches of many runs.
    { name: `${name}, steady`, spec: { ...spec, phase: "steady" }, unit: "ms", target },
  ]),
  // The framework's own overhead: the same two rows with its client on `globalThis.fetch`, the
  // raw loop's transport (by default `@agentscope-ts/openai` sends over `node:http`).
  ...[
    ["10 tool rounds + answer, non-streaming", { workload: "tools" }],
    ["2,000-token answer, non-streaming", { workload: "answer" }],
  ].map(([name, spec]) => ({
    name: `${name}, steady, both on fetch`,
    spec: { ...spec, phase: "steady", fetch: "platform" },
    unit: "ms",
    note: "none (the framework's own overhead)",
  })),
  { name: "import core+openai vs openai", spec: { workload: "import" }, unit: "ms", target: 1.2 },
  {
    name: "import core+openai vs ai + @ai-sdk/openai",
    spec: { workload: "import" },
    baseline: "aisdk",
    unit: "ms",
    target: 1,
  },
  {
    // Where the SDK's load went: `@agentscope-ts/openai` loads it with the first model.
    name: "import + one model, core+openai vs ai + @ai-sdk/openai",
    spec: { workload: "import", model: true },
    baseline: "aisdk",
    unit: "ms",
    note: "none (the SDK loads with the first model)",
  },
  {
    name: "install core+openai (MB of node_modules) vs openai",
    install: true,
    unit: "MB",
    limit: 45,
  },
  {
    name: "peak RSS, 40 streamed 2k answers",
    spec: { workload: "rss", streaming: true },
    unit: "MB",
    target: 1.3,
  },
  {
    name: "µs per chunk, 2k-token answer",
    spec: { workload: "chunks", size: 2_000, streaming: true },
    unit: "µs",
    scaling: "chunk",
  },
  {
    name: "µs per chunk, 20k-token answer",
    spec: { workload: "chunks", size: 20_000, streaming: true },
    unit: "µs",
    scaling: "chunk",
  },
  {
    name: "µs per chunk, 100k-token answer",
    spec: { workload: "chunks", size: 100_000, streaming: true },
    unit: "µs",
    scaling: "chunk",
  },
  {
    name: "µs per fragment, 1 KB arguments",
    spec: { workload: "args", size: 1_000, streaming: true },
    unit: "µs",
    scaling: "fragment",
  },
  {
    name: "µs per fragment, 100 KB arguments",
    spec: { workload: "args", size: 100_000, streaming: true },
    unit: "µs",
    scaling: "fragment",
  },
];

function measure(spec) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [workloadFile, JSON.stringify(spec)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const line = out.trim().split("\n").pop();
      if (code !== 0 || !line) {
        reject(new Error(`${JSON.stringify(spec)} exited with ${code}: ${out}`));
        return;
      }
      resolve(JSON.parse(line).value);
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x) =>
  Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2);
const spread = (xs) => `${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))}`;

const filters = process.argv.slice(2);
const rows = ROWS.filter((r) => filters.length === 0 || filters.some((f) => r.name.includes(f)));
const server = await startMock();
console.log(
  `node ${process.version}, ${new Date().toISOString()}, ${ROUNDS} interleaved rounds, one fresh process per measurement, ${process.env.BENCH_CLOCK === "wall" ? "wall" : "CPU"} time of the measured process; load average ${(
    await import("node:os")
  )
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(
  "| workload | baseline: raw openai SDK, or as named (median, min–max) | framework (median, min–max) | ratio (median of the rounds' own, min–max) | target |",
);
console.log("|---|---|---|---|---|");
try {
  for (const row of rows) {
    if (row.install) {
      const { framework, raw } = measureInstallSize();
      console.log(
        `| ${row.name} | ${fmt(raw)} MB | ${fmt(framework)} MB | ${(framework / raw).toFixed(2)}× | ≤ ${row.limit} MB |`,
      );
      continue;
    }
    const raw = [];
    const agent = [];
    const baseline = row.baseline ?? "raw";
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first so drift in machine load hits both alike.
      const order = round % 2 === 0 ? [baseline, "agent"] : ["agent", baseline];
      for (const impl of order) {
        const value = await measure({ ...row.spec, impl, url: server.url });
        server.reset();
        (impl === "agent" ? agent : raw).push(value);
      }
    }
    const r = median(raw);
    const a = median(agent);
    const target = row.scaling
      ? `flat (added ${fmt(a - r)} µs per ${row.scaling})`
      : (row.note ?? `≤ ${row.target.toFixed(2)}×`);
    // The ratio is the median of each round's own ratio (its two processes ran one after the
    // other): the machine's speed drifts by up to a third within an hour, which a ratio of the
    // two medians taken over the whole row would pick up. Its spread follows in brackets.
    const ratios = raw.map((x, i) => agent[i] / x);
    const ratio = `${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
    console.log(
      `| ${row.name} | ${fmt(r)} ${row.unit} (${spread(raw)}) | ${fmt(a)} ${row.unit} (${spread(agent)}) | ${ratio} | ${target} |`,
    );
  }
} finally {
  await server.close();
}
