// Over sockets, each step's code runs right after a wait for the network, in caches that other work
// (the mock, the kernel, other tenants of the VM) filled meanwhile: the table's framework − raw gap is
// 3–8× what the same loops show in memory. This reproduces it in one process, without the network's
// noise: the in-memory transport, plus a sweep through `BENCH_SWEEP_MB` (default 4, about this
// machine's L2) of memory after each request, which evicts the caches the way a wait does. The sweep
// is not timed; the loops alternate run by run, and the medians of their per-run wall times print.
//   node cold-cache-ab.mjs [tools|answer] [stream] [runs]   raw SDK loop vs the framework
//   BENCH_BEFORE=/path/to/other/checkout node cold-cache-ab.mjs ...   that checkout's framework vs
//     this one's (a git worktree with its packages built): compares two builds to ≈ ±25 µs per
//     10-round run, where separate processes over sockets spread by ±300 µs.
// A raw loop shares this checkout's `openai` SDK copy with its framework (warmer code on that
// side); compare builds against builds, and raw against the framework for the ratio only.
import { pathToFileURL } from "node:url";
import { answerResponse } from "./mock-routes.mjs";

const [workload = "tools", mode = "call", runsArg = "1500"] = process.argv.slice(2);
const model = workload === "answer" ? "answer:2000" : "tools:10";
const streaming = mode === "stream";
const runs = Number(runsArg);
const sweep = new Int32Array((Number(process.env.BENCH_SWEEP_MB ?? 4) << 20) >> 2);
let swept = 0;
let sweptMs = 0;

globalThis.fetch = async (_input, init) => {
  const response = answerResponse(JSON.parse(init.body));
  const started = performance.now();
  // One write per 64-byte line: every line of the buffer is brought in, evicting what was there.
  for (let i = 0; i < sweep.length; i += 16) sweep[i] += 1;
  swept += sweep[0];
  sweptMs += performance.now() - started;
  return response;
};

const here = await import("./loops.mjs");
const before = process.env.BENCH_BEFORE;
const other = before
  ? await import(pathToFileURL(`${before}/tooling/bench/src/table/loops.mjs`).href)
  : undefined;
const url = "http://memory/v1";
const loops = other
  ? { before: other.agentRunner(url, streaming), after: here.agentRunner(url, streaming) }
  : { raw: here.rawRunner(url, streaming), framework: here.agentRunner(url, streaming) };
const names = Object.keys(loops);
for (let i = 0; i < 300; i++) for (const name of names) await loops[name](model, "Weather?");

const times = Object.fromEntries(names.map((name) => [name, []]));
for (let i = 0; i < runs; i++) {
  // Each loop goes first in every other pair: neither always runs after the other's sweep.
  for (const name of i % 2 ? names : [...names].reverse()) {
    sweptMs = 0;
    const started = performance.now();
    await loops[name](model, "Weather?");
    times[name].push((performance.now() - started - sweptMs) * 1000);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const [first, second] = names.map((name) => median(times[name]));
console.log(
  `${model} ${streaming ? "streamed" : "non-streamed"}, ${sweep.byteLength >> 20} MB sweep per request, ${runs} runs each (µs per run, median): ` +
    `${names[0]} ${first.toFixed(0)}, ${names[1]} ${second.toFixed(0)} (${second - first >= 0 ? "+" : ""}${(second - first).toFixed(0)}, ${(second / first).toFixed(2)}×)`,
);
if (swept === 0.5) console.log("unreachable: keeps the sweep from being optimised away");
