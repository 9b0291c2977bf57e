// Where the framework's time over the raw loop goes, by transport (the ninth round's probe):
// `node transport-probe.mjs [rounds] [workload]` runs the raw-SDK loop and the framework (the
// table's two loops, workload.mjs) over sockets (the table's keep-alive mock), in memory
// (`BENCH_TRANSPORT=memory`), in memory with a 1 ms idle wait per request (the process sleeps as it
// does on a socket, with no socket) and in memory with one event-loop turn per request, interleaved.
// Per run it prints CPU ms, connections opened and requests (undici's diagnostics channels),
// scavenges and mark-sweeps, and the timers, promises, immediates and ticks created
// (async_hooks, in a separate counting pass), and each round's framework − raw gap. Non-streaming;
// `workload` is `tools` (10 tool rounds + answer, default) or `answer` (one 2,000-token answer).
// `BENCH_PROBE_WARMUP` (default 50) and `BENCH_PROBE_RUNS` (300 in memory, else 200) size a run.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(import.meta.url);

if (process.argv[2] === "--child") await child(JSON.parse(process.argv[3]));
else await driver(Number(process.argv[2] ?? 5), process.argv[3] ?? "tools");

async function child(spec) {
  const dc = await import("node:diagnostics_channel");
  const { PerformanceObserver } = await import("node:perf_hooks");
  const { createHook } = await import("node:async_hooks");
  if (spec.transport !== "sockets") {
    const { answerResponse } = await import("./mock-routes.mjs");
    const wait =
      spec.transport === "memory-idle"
        ? () => new Promise((resolve) => setTimeout(resolve, 1))
        : spec.transport === "memory-turn"
          ? () => new Promise((resolve) => setImmediate(resolve))
          : undefined;
    globalThis.fetch = async (_input, init) => {
      if (wait) await wait();
      return answerResponse(JSON.parse(init.body));
    };
  }
  // The table's own two loops (loops.mjs), after `fetch` is set as above.
  const { rawRunner, agentRunner } = await import("./loops.mjs");
  const baseURL = `${spec.url}/v1`;
  const runOnce = spec.impl === "raw" ? rawRunner(baseURL, false) : agentRunner(baseURL, false);
  const model = spec.workload === "tools" ? "tools:10" : "answer:2000";
  for (let i = 0; i < spec.warmup; i++) await runOnce(model, "Weather in Paris?");
  let connections = 0;
  let requests = 0;
  dc.subscribe("undici:client:connected", () => connections++);
  dc.subscribe("undici:request:create", () => requests++);
  const gc = { minor: 0, major: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.detail?.kind === 1) gc.minor++;
      else if (e.detail?.kind === 4) gc.major++;
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  const before = process.cpuUsage();
  for (let i = 0; i < spec.runs; i++) await runOnce(model, "Weather in Paris?");
  const used = process.cpuUsage(before);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const counted = { connections, requests, minor: gc.minor, major: gc.major };
  // Counting pass: async_hooks slows everything, so it runs after the timed runs.
  const created = new Map();
  const hook = createHook({
    init(_id, type) {
      created.set(type, (created.get(type) ?? 0) + 1);
    },
  }).enable();
  const countRuns = 20;
  for (let i = 0; i < countRuns; i++) await runOnce(model, "Weather in Paris?");
  hook.disable();
  const perRun = (x, n = spec.runs) => x / n;
  process.stdout.write(
    `${JSON.stringify({
      cpu: perRun((used.user + used.system) / 1000),
      connections: perRun(counted.connections),
      requests: perRun(counted.requests),
      scavenges: perRun(counted.minor),
      markSweeps: perRun(counted.major),
      created: Object.fromEntries([...created].map(([k, n]) => [k, perRun(n, countRuns)])),
    })}\n`,
  );
  process.exit(0);
}

async function driver(rounds, workload) {
  const { startMock } = await import("./mock-routes.mjs");
  const server = await startMock();
  const variants = ["sockets", "memory", "memory-idle", "memory-turn"].flatMap((transport) =>
    ["raw", "agent"].map((impl) => ({
      impl,
      transport,
      workload,
      warmup: Number(process.env.BENCH_PROBE_WARMUP ?? 50),
      runs: Number(process.env.BENCH_PROBE_RUNS ?? (transport === "memory" ? 300 : 200)),
    })),
  );
  const run = (spec) =>
    new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [here, "--child", JSON.stringify({ ...spec, url: server.url })],
        {
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      let out = "";
      child.stdout.on("data", (d) => {
        out += d;
      });
      child.on("close", (code) =>
        code ? reject(new Error(`${code}: ${out}`)) : resolve(JSON.parse(out.trim())),
      );
    });
  const results = variants.map(() => []);
  try {
    for (let r = 0; r < rounds; r++) {
      const order = variants.map((_, i) => i);
      if (r % 2) order.reverse();
      for (const i of order) {
        results[i].push(await run(variants[i]));
        server.reset();
      }
    }
  } finally {
    await server.close();
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const f = (x) => x.toFixed(3);
  for (let i = 0; i < variants.length; i++) {
    const rs = results[i];
    const { impl, transport } = variants[i];
    const m = (k) => median(rs.map((x) => x[k]));
    const created = Object.entries(rs[0].created)
      .map(([k, n]) => `${k} ${n.toFixed(1)}`)
      .join(", ");
    let line = `${transport.padEnd(11)} ${impl.padEnd(5)} per run: cpu ${f(m("cpu"))} ms, connections ${f(m("connections"))}, requests ${f(m("requests"))}, scavenges ${f(m("scavenges"))}, mark-sweeps ${f(m("markSweeps"))}; created ${created}`;
    if (impl === "agent") {
      const gaps = rs.map((x, r) => x.cpu - results[i - 1][r].cpu);
      line += `\n${"".padEnd(17)} gap (agent − raw) median ${f(median(gaps))} ms/run (${gaps.map(f).join(" ")})`;
    }
    console.log(line);
  }
}
