// The framework alone, without the SDK or any transport: a ReActAgent with the table's zod tool on
// `OpenAIChatModel` whose `client.chat.completions.create(…).asResponse()` returns the table mock's
// completion (a `Response` of its JSON text, read and parsed on every call, as over the SDK). Two workloads, non-streaming: 10 tool
// rounds then a short answer, and one 2,000-token answer. Run plainly it prints CPU µs per run
// (median of batches); run with `--expose-gc --max-semi-space-size=128` it prints KB allocated per
// run instead (heap growth over a batch after a full GC). The two are separate runs: a 128 MB young
// generation makes every run slower (its allocation no longer reuses cached memory).
//
// To compare two builds in one process, point BENCH_BEFORE at a directory whose
// `node_modules/@agentscope-ts/{core,openai}` hold a baseline build (a copy of main's `package.json`
// and `dist/` of both, with `openai`, `zod`, `js-tiktoken` and `ws` linked beside them): batches of
// the baseline and of this checkout's build then alternate, and the medians are printed side by side.
//   BENCH_BEFORE=/tmp/base node src/benchmarks/loop-alone.bench.mjs
//   BENCH_BEFORE=/tmp/base node --expose-gc --max-semi-space-size=128 src/benchmarks/loop-alone.bench.mjs
import { pathToFileURL } from "node:url";
import { median } from "../measure.mjs";
import { weatherAgent } from "../table/loops.mjs";
import { answer } from "../table/mock-routes.mjs";

/** What this benchmark measures (printed by the runner). */
export const description =
  "ReActAgent + OpenAIChatModel on an in-process client (no SDK, no fetch): CPU µs and KB allocated per run, 10 tool rounds / one 2,000-token answer";

// Runs per timed batch: ≈ 20–30 ms of CPU each.
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 100);
const ALLOC_RUNS = 10;
const WORKLOADS = [
  { name: "10 tool rounds", model: "tools:10", batch: 50 },
  { name: "2,000-token answer", model: "answer:2000", batch: 500 },
];

// The mock's answer as JSON text, built once per kind of request, read and parsed anew on every
// call: the model sends through the SDK's `create(…).asResponse()` and reads the body itself.
const texts = new Map();
const JSON_HEADERS = { "content-type": "application/json" };
function completionFor(params) {
  const results = params.messages.filter((m) => m.role === "tool").length;
  const key = `${params.model}|${results}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = JSON.stringify(answer({ ...params, stream: false }).body);
    texts.set(key, text);
  }
  return new Response(text, { headers: JSON_HEADERS });
}
const client = {
  chat: {
    completions: {
      create: (params) => ({ asResponse: async () => completionFor(params) }),
    },
  },
};

async function loadBuild(label, core, openai) {
  const runners = WORKLOADS.map(({ model }) => {
    const agent = weatherAgent(core, openai, { modelName: model, client, stream: false });
    return async () => {
      await agent.memory.clear();
      return agent.call(new core.Msg("user", "What is the weather in Paris?", "user"));
    };
  });
  // Check the workloads do what they say before timing them.
  const reply = await runners[1]();
  if (!reply.getTextContent()?.startsWith("w0 w1")) throw new Error(`${label}: unexpected answer`);
  return { label, runners, cpu: WORKLOADS.map(() => []), alloc: WORKLOADS.map(() => []) };
}

async function cpuBatch(run, batch) {
  const runs = Math.max(1, Math.round(batch * SCALE));
  const started = process.cpuUsage();
  for (let i = 0; i < runs; i++) await run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / runs;
}

async function allocBatch(run) {
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < ALLOC_RUNS; i++) await run();
  return (process.memoryUsage().heapUsed - before) / ALLOC_RUNS / 1024;
}

/** Runs the benchmark (the runner's `core` is ignored: the builds are imported here). */
export async function run() {
  const builds = [];
  const before = process.env.BENCH_BEFORE;
  if (before) {
    const base = `${before}/node_modules/@agentscope-ts`;
    builds.push(
      await loadBuild(
        "before",
        await import(pathToFileURL(`${base}/core/dist/index.js`).href),
        await import(pathToFileURL(`${base}/openai/dist/index.js`).href),
      ),
    );
  }
  builds.push(
    await loadBuild(
      before ? "after" : "this build",
      await import("@agentscope-ts/core"),
      await import("@agentscope-ts/openai"),
    ),
  );
  const canGc = typeof globalThis.gc === "function";
  // Warm-up: every build runs each workload until its code is optimised.
  for (const b of builds) for (const r of b.runners) for (let i = 0; i < 200; i++) await r();
  for (let round = 0; round < BATCHES; round++) {
    // Alternate the order so neither build always runs first.
    const order = round % 2 === 0 ? builds : [...builds].reverse();
    for (const b of order) {
      for (let w = 0; w < WORKLOADS.length; w++) {
        const run = b.runners[w];
        if (canGc) b.alloc[w].push(await allocBatch(run));
        else b.cpu[w].push(await cpuBatch(run, WORKLOADS[w].batch));
      }
    }
  }
  const rows = WORKLOADS.map((w, i) => ({
    workload: w.name,
    ...Object.fromEntries(
      builds.map((b) =>
        canGc
          ? [`${b.label} KB`, Math.round(median(b.alloc[i]))]
          : [`${b.label} µs`, Math.round(median(b.cpu[i]))],
      ),
    ),
  }));
  console.table(rows);
  console.log(
    canGc
      ? `KB = heap growth over ${ALLOC_RUNS} runs after a full GC, median of ${BATCHES} batches per build and workload`
      : `CPU µs per run, median of ${BATCHES} batches (${WORKLOADS.map((w) => Math.round(w.batch * SCALE)).join(" / ")} runs) per build and workload`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
