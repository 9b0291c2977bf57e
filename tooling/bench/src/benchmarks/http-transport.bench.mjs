// Node's `fetch` against core's `nodeHttpFetch` (what the provider clients send with by default):
// CPU per request of a POST answered with the table mock's 2,000-token completion (about 11 KB of
// JSON) over a kept-alive socket, body read as text, and the first request of a fresh process.
// Each figure comes from its own child process (the mock runs in this one, so its CPU is not
// counted); rounds alternate the two.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { median } from "../measure.mjs";

/** What this benchmark measures (printed by the runner). */
export const description =
  "fetch vs nodeHttpFetch: CPU µs per request (11 KB JSON answer, kept-alive socket, steady) and ms for the first request of a process";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const here = fileURLToPath(import.meta.url);
const KINDS = ["fetch", "nodeHttpFetch"];

if (process.argv[2] === "--child") await child(process.argv[3], process.argv[4], process.argv[5]);

async function child(url, kind, phase) {
  const send =
    kind === "fetch" ? globalThis.fetch : (await import("@agentscope-ts/core")).nodeHttpFetch;
  const body = JSON.stringify({
    model: "answer:2000",
    messages: [{ role: "user", content: "Weather in Paris?" }],
  });
  const init = {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer bench" },
    body,
  };
  const once = async () =>
    JSON.parse(await (await send(`${url}/v1/chat/completions`, init)).text());
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return user + system;
  };
  let value;
  if (phase === "first") {
    const started = cpu();
    await once();
    value = (cpu() - started) / 1000;
  } else {
    for (let i = 0; i < 3000; i++) await once();
    const batches = [];
    for (let b = 0; b < 5; b++) {
      const started = cpu();
      for (let i = 0; i < 500; i++) await once();
      batches.push((cpu() - started) / 500);
    }
    value = median(batches);
  }
  process.stdout.write(`${JSON.stringify({ value })}\n`);
  process.exit(0);
}

function measure(url, kind, phase) {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [here, "--child", url, kind, phase], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    proc.stdout.on("data", (d) => {
      out += d;
    });
    proc.on("close", (code) =>
      code ? reject(new Error(`child exited ${code}`)) : resolve(JSON.parse(out).value),
    );
  });
}

/** Runs the benchmark (the runner's `core` is ignored: each child imports its own). */
export async function run() {
  const { startMock } = await import("../table/mock-routes.mjs");
  const server = await startMock();
  const results = { steady: new Map(), first: new Map() };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const kinds = round % 2 ? [...KINDS].reverse() : KINDS;
      for (const phase of ["steady", "first"]) {
        for (const kind of kinds) {
          const list = results[phase].get(kind) ?? [];
          list.push(await measure(server.url, kind, phase));
          results[phase].set(kind, list);
        }
      }
    }
  } finally {
    await server.close();
  }
  console.table(
    KINDS.map((kind) => ({
      transport: kind,
      "steady µs/request": Number(median(results.steady.get(kind)).toFixed(1)),
      "first request ms": Number(median(results.first.get(kind)).toFixed(1)),
    })),
  );
  console.log(`median of ${ROUNDS} rounds, one fresh process per figure`);
}
