// How long a process takes to reach steady state: `node warmup-curve.mjs [tools|answer] [call|stream]
// [rounds] [batches]` runs the table's two loops (loops.mjs) over sockets against the table's mock,
// each in fresh processes (alternating, `rounds` of each, default 4), and records the CPU time per
// run of every batch of 20 runs (`batches` of them, default 60). It prints, per window of run
// indices, the median over processes of each loop and their ratio. V8 optimises a function with
// TurboFan after ≈ 3,000 calls (`--invocation-count-for-turbofan`): the per-request code of a
// 10-round run gets there after ≈ 270 runs, the per-run code after 3,000. The table's steady phase
// (workload.mjs) warms up past the first of these.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(import.meta.url);
const BATCH = 20;

if (process.argv[2] === "--child") await child(JSON.parse(process.argv[3]));
else await driver();

async function child({ impl, url, workload, streaming, batches }) {
  const { rawRunner, agentRunner } = await import("./loops.mjs");
  const runOnce = (impl === "raw" ? rawRunner : agentRunner)(`${url}/v1`, streaming);
  const model = workload === "tools" ? "tools:10" : "answer:2000";
  const perRun = [];
  for (let b = 0; b < batches; b++) {
    const started = process.cpuUsage();
    for (let i = 0; i < BATCH; i++) await runOnce(model, "Weather in Paris?");
    const { user, system } = process.cpuUsage(started);
    perRun.push((user + system) / 1000 / BATCH);
  }
  process.stdout.write(`${JSON.stringify(perRun)}\n`);
  process.exit(0);
}

function measure(spec) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [here, "--child", JSON.stringify(spec)], (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout.trim().split("\n").pop()));
    });
  });
}

async function driver() {
  const [workload = "tools", mode = "call", roundsArg = "4", batchesArg = "60"] =
    process.argv.slice(2);
  const { startMock } = await import("./mock-routes.mjs");
  const server = await startMock();
  const batches = Number(batchesArg);
  const spec = { url: server.url, workload, streaming: mode === "stream", batches };
  const curves = { raw: [], agent: [] };
  try {
    for (let round = 0; round < Number(roundsArg); round++) {
      for (const impl of round % 2 ? ["agent", "raw"] : ["raw", "agent"]) {
        curves[impl].push(await measure({ ...spec, impl }));
        server.reset();
      }
    }
  } finally {
    await server.close();
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  // Per process, the median batch of the window; then the median over processes.
  const at = (impl, from, to) => median(curves[impl].map((c) => median(c.slice(from, to))));
  console.log(
    `${workload} ${mode}, ${roundsArg} processes each, ms of CPU per run (median batch of ${BATCH} runs)`,
  );
  console.log("| runs | raw openai loop | framework | ratio |\n|---|---|---|---|");
  const edges = [0, 1, 2, 5, 10, 20, 30, 40, 60, 80, 120, 160, 240].filter((e) => e < batches);
  edges.push(batches);
  for (let i = 0; i + 1 < edges.length; i++) {
    const [from, to] = [edges[i], edges[i + 1]];
    const raw = at("raw", from, to);
    const agent = at("agent", from, to);
    console.log(
      `| ${from * BATCH + 1}–${to * BATCH} | ${raw.toFixed(2)} | ${agent.toFixed(2)} | ${(agent / raw).toFixed(2)}× |`,
    );
  }
}
