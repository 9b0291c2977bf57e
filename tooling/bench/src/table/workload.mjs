// One measurement in a fresh process: `node workload.mjs '<json spec>'` runs one workload with one
// implementation (the framework, or a hand-written loop on the raw `openai` SDK) against the mock
// at `spec.url` (cold: its first run; steady: after a warm-up), and prints one JSON line `{ "value": number }` (milliseconds of
// CPU time per run, MB of peak RSS, or µs per chunk).

const spec = JSON.parse(process.argv[2]);
const { workload, impl, url, size = 0 } = spec;
const baseURL = `${url}/v1`;

// CPU time of this process (user + system) by default: on a shared, loaded machine the wall time
// mostly measures waiting for a core. `BENCH_CLOCK=wall` measures elapsed time instead.
const wall = process.env.BENCH_CLOCK === "wall";
function clock() {
  if (wall) return performance.now();
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function report(value) {
  process.stdout.write(`${JSON.stringify({ value })}\n`);
}

if (workload === "import") {
  // Measured before this process loads anything else: the mock routes load the test server, and
  // with it `node:http` and its streams, which the `openai` SDK's import then found loaded (≈ 45 ms
  // off its import, ≈ 20 ms off the AI SDK's). Neither core nor openai loads zod at import (checked
  // by tooling/consumer-check's check-lazy-imports.mjs): the framework's figure is core + openai +
  // the `openai` SDK.
  // `spec.model`: and build one model (a client), which is where `@agentscope-ts/openai` loads the
  // `openai` SDK (not at import).
  const started = clock();
  if (impl === "raw") {
    const { default: OpenAI } = await import("openai");
    if (spec.model) new OpenAI({ apiKey: "bench", baseURL });
  } else if (impl === "aisdk") {
    await import("ai");
    const { createOpenAI } = await import("@ai-sdk/openai");
    if (spec.model) createOpenAI({ apiKey: "bench", baseURL }).chat("answer:1");
  } else {
    await import("@agentscope-ts/core");
    const { OpenAIChatModel } = await import("@agentscope-ts/openai");
    if (spec.model) new OpenAIChatModel({ modelName: "answer:1", apiKey: "bench", baseURL });
  }
  report(clock() - started);
  process.exit(0);
}

// `BENCH_TRANSPORT=memory`: `fetch` answers in this process (no sockets, no mock server), so the
// difference to the raw loop is the framework's own CPU time, without the network's noise.
if (process.env.BENCH_TRANSPORT === "memory") {
  const { answerResponse } = await import("./mock-routes.mjs");
  globalThis.fetch = async (_input, init) => answerResponse(JSON.parse(init.body));
}

const { argumentFragments } = await import("./mock-routes.mjs");
const { rawRunner, agentRunner } = await import("./loops.mjs");

const streaming = spec.streaming === true;
// `spec.fetch === "platform"`: the framework on `globalThis.fetch`, as the raw loop (see loops.mjs).
const runOnce =
  impl === "raw"
    ? rawRunner(baseURL, streaming)
    : agentRunner(baseURL, streaming, { platformFetch: spec.fetch === "platform" });

async function timeRuns(model, n) {
  const started = clock();
  for (let i = 0; i < n; i++) await runOnce(model, "Weather in Paris?");
  return (clock() - started) / n;
}

if (workload === "tools" || workload === "answer") {
  const model = workload === "tools" ? "tools:10" : "answer:2000";
  if (spec.phase === "cold") {
    report(await timeRuns(model, 1));
  } else {
    // Steady state, what a server lives at: past V8's tiering first. TurboFan optimises a function
    // after ≈ 3,000 calls (`--invocation-count-for-turbofan`); until the per-request code has run
    // that often both loops are still speeding up, unevenly (`warmup-curve.mjs` prints the curve).
    // So: 3,300 model calls (300 runs of 10 rounds, 3,300 single answers), or at most 8 s of CPU
    // time (a streamed 2,000-token answer, whose per-chunk code is hot long before). Then the
    // median of batches (robust to a load spike in one batch).
    const warmRuns = spec.warmup ?? Math.ceil(3300 / (workload === "tools" ? 11 : 1));
    const warmStarted = clock();
    for (let i = 0; i < warmRuns && clock() - warmStarted < 8000; i++) {
      await runOnce(model, "Weather in Paris?");
    }
    // Batches of ≥ 200 ms: a batch of 20 single answers (≈ 15 ms) rises by a tenth when one
    // scavenge lands in it. Sized from 20 runs, then measured.
    const perRun = await timeRuns(model, 20);
    const size = Math.min(2000, Math.max(20, Math.ceil(200 / perRun)));
    const batches = [];
    for (let i = 0; i < (spec.batches ?? 5); i++) batches.push(await timeRuns(model, size));
    batches.sort((a, b) => a - b);
    report(batches[batches.length >> 1]);
  }
} else if (workload === "rss") {
  for (let i = 0; i < 40; i++) await runOnce("answer:2000", "Weather in Paris?");
  report(process.resourceUsage().maxRSS / 1024);
} else if (workload === "chunks" || workload === "args") {
  // Marginal cost of one more chunk (or argument fragment): (time at `size` − time of the same
  // exchange at size ~0) / added chunks, the two measured alternately in this process.
  const big = `${workload === "chunks" ? "answer" : "args"}:${size}`;
  const small = workload === "chunks" ? "answer:1" : "args:0";
  const units =
    workload === "chunks" ? size - 1 : argumentFragments(size).length - argumentFragments(0).length;
  const clamp = (x, lo, hi) => Math.min(hi, Math.max(lo, Math.round(x)));
  const iterations =
    workload === "chunks" ? clamp(100_000 / size, 1, 50) : clamp(40_000 / size, 3, 40);
  await timeRuns(small, 3);
  await timeRuns(big, 1);
  // Median of per-iteration differences: robust to a load spike hitting one run.
  const diffs = [];
  for (let i = 0; i < iterations; i++) {
    const smallMs = await timeRuns(small, 1);
    const bigMs = await timeRuns(big, 1);
    diffs.push(bigMs - smallMs);
  }
  diffs.sort((a, b) => a - b);
  report((diffs[diffs.length >> 1] * 1000) / units);
} else {
  throw new Error(`unknown workload ${workload}`);
}
process.exit(0);
