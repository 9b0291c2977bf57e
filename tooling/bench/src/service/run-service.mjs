// The service benchmark (issue 35): `@agentscope-ts/server` replicas (createAgentServer on
// RedisBackend, `../benchmarks/agent-server-replica.mjs`) on a real redis-server, a model with a
// fixed latency (the OpenAI-compatible test server answering a 14-chunk stream after
// BENCH_MODEL_MS, default 200 ms), BENCH_SESSIONS sessions (default 1,000) each one run, posted to
// one replica and read (SSE) from the next. Prints one row per replica count:
//   runs/s (wall), replica CPU ms per run and runs/s per CPU core (= 1000 / CPU ms per run),
//   Redis CPU ms per run, p50/p95/p99 live event latency, Redis round trips (the replicas' awaited
//   RedisBackend calls, counted in the replicas; rate limiting not included) and commands (all
//   Redis executed, scripts' inner calls included) and bytes in/out per run (INFO commandstats /
//   INFO stats deltas, no MONITOR), replica memory per active session (heap at the peak of the
//   round over the idle heap, / sessions) and per idle session (replica heap after GC, and Redis
//   used_memory: the checkpoint and the run's retained events, over the start, / sessions).
// BENCH_REPLICAS="1,2,3" picks the rounds (default "1"). BENCH_PIN="redis:0;replicas:1" pins
// redis-server and each replica with `taskset -c` (`replicas:1,1,0` pins replica i to the i-th
// CPU of the list); this process and the model server stay where BENCH_PIN_SELF says (default
// unpinned). BENCH_CPU_PROF=<dir> makes each replica write a CPU profile (`node --cpu-prof`) there
// when it stops; BENCH_HEAP_PROF=<dir> a sampling heap profile of all it allocated (collected
// objects included). BENCH_MODEL_FETCH=platform puts the replicas' model client on
// `globalThis.fetch` (default: `nodeHttpFetch`, `node:http`). Nothing here asserts on time.
import { execFileSync, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { RedisConnection } from "@agentscope-ts/redis";
import { startRedis, stopChild } from "@agentscope-ts/test-databases";
import { createTestServer } from "@agentscope-ts/test-server";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1000);
const MODEL_MS = Number(process.env.BENCH_MODEL_MS ?? 200);
const REPLICAS = (process.env.BENCH_REPLICAS ?? "1").split(",").map(Number);
const pin = Object.fromEntries(
  (process.env.BENCH_PIN ?? "")
    .split(";")
    .filter(Boolean)
    .map((part) => part.split(":")),
);
const words = "The service answered this request with a short streamed reply of words.".split(" ");
const replicaScript = fileURLToPath(
  new URL("../benchmarks/agent-server-replica.mjs", import.meta.url),
);

function textChunks() {
  const chunk = (delta, extra = {}) => ({
    id: "s1",
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta, ...extra }],
  });
  return [
    ...words.map((w) => chunk({ content: `${w} ` })),
    chunk({}, { finish_reason: "stop" }),
    {
      id: "s1",
      object: "chat.completion.chunk",
      choices: [],
      usage: { prompt_tokens: 20, completion_tokens: 14, total_tokens: 34 },
    },
  ];
}

function taskset(cpu, pid) {
  if (cpu === undefined) return;
  execFileSync("taskset", ["-cp", String(cpu), String(pid)], { stdio: "ignore" });
}

function startReplica(env, cpu) {
  // BENCH_CPU_PROF=<dir>: each replica writes a V8 CPU profile there when it stops.
  const prof = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, ["--expose-gc", ...prof, replicaScript], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  taskset(cpu, child.pid);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("replica did not start")), 30_000);
    child.stdout.once("data", (d) => {
      clearTimeout(timer);
      resolve({ child, port: JSON.parse(String(d).split("\n")[0]).port });
    });
    child.once("exit", (code) => reject(new Error(`replica exited (${code})`)));
  });
}

function stats(replica, gc = false) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("replica stats timed out")), 30_000);
    replica.child.once("message", (m) => {
      clearTimeout(timer);
      resolve(m);
    });
    replica.child.send({ type: "stats", gc });
  });
}

function limiter(max) {
  let active = 0;
  const queue = [];
  return async (fn) => {
    if (active >= max) await new Promise((resolve) => queue.push(resolve));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}

async function readEvents(res, openedAt) {
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const got = [];
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return got;
    const now = Date.now();
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf("\n\n");
    while (cut >= 0) {
      const frame = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      cut = buffer.indexOf("\n\n");
      const id = /^id: ?(.*)$/m.exec(frame)?.[1];
      const event = /^event: ?(.*)$/m.exec(frame)?.[1];
      const appended = Number(id?.split("-")[0]);
      if (id) got.push({ id, event, latency: appended >= openedAt ? now - appended : null });
    }
  }
}

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function parseInfo(text) {
  const out = {};
  for (const line of String(text).split("\r\n")) {
    const cut = line.indexOf(":");
    if (cut > 0) out[line.slice(0, cut)] = line.slice(cut + 1);
  }
  return out;
}

// Client round trips (every command a client sent; a script counts once) and all commands.
async function redisCounters(admin) {
  const s = parseInfo(await admin.call(["INFO", "stats"], "info"));
  const c = parseInfo(await admin.call(["INFO", "commandstats"], "info"));
  const cpu = parseInfo(await admin.call(["INFO", "cpu"], "info"));
  const mem = parseInfo(await admin.call(["INFO", "memory"], "info"));
  let all = 0;
  const byCommand = {};
  for (const [k, v] of Object.entries(c)) {
    const calls = Number(/calls=(\d+)/.exec(v)?.[1] ?? 0);
    byCommand[k.replace("cmdstat_", "")] = calls;
    all += calls;
  }
  return {
    processed: Number(s.total_commands_processed),
    all,
    byCommand,
    inBytes: Number(s.total_net_input_bytes),
    outBytes: Number(s.total_net_output_bytes),
    cpuMs: (Number(cpu.used_cpu_user) + Number(cpu.used_cpu_sys)) * 1000,
    usedMemory: Number(mem.used_memory),
  };
}

async function round(n, redis, admin, modelUrl, prefix) {
  const cpus = pin.replicas?.split(",");
  const replicas = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      startReplica(
        { REDIS_URL: redis.url, MODEL_URL: modelUrl, REPLICA_ID: `${prefix}-${i}` },
        cpus ? cpus[i % cpus.length] : undefined,
      ),
    ),
  );
  const headers = { authorization: "Bearer bench", "content-type": "application/json" };
  const opening = limiter(Number(process.env.BENCH_OPENING ?? 100));
  try {
    // Warm-up: a few runs per replica so JIT and connections are in place.
    await Promise.all(
      replicas.map(async (r, i) => {
        for (let w = 0; w < 5; w++) {
          const session = `${prefix}-warm-${i}-${w}`;
          const p = await fetch(`http://127.0.0.1:${r.port}/v1/sessions/${session}/messages`, {
            method: "POST",
            headers,
            body: JSON.stringify({ content: "warm up" }),
          });
          await p.body?.cancel();
          const s = await fetch(
            `http://127.0.0.1:${r.port}/v1/sessions/${session}/events?until=run_end`,
            { headers },
          );
          await readEvents(s, Date.now());
        }
      }),
    );
    const base = await Promise.all(replicas.map((r) => stats(r, true)));
    const before = await redisCounters(admin);
    let peakHeap = base.map((b) => b.heapUsed);
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const now = await Promise.all(replicas.map((r) => stats(r)));
        peakHeap = peakHeap.map((p, i) => Math.max(p, now[i].heapUsed));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: SESSIONS }, async (_, i) => {
        const post = replicas[i % n];
        const read = replicas[(i + 1) % n];
        const session = `${prefix}-s${i}`;
        const [res, openedAt] = await opening(async () => {
          const posted = await fetch(
            `http://127.0.0.1:${post.port}/v1/sessions/${session}/messages`,
            { method: "POST", headers, body: JSON.stringify({ content: `hello ${i}` }) },
          );
          if (posted.status !== 202) throw new Error(`POST ${session}: ${posted.status}`);
          await posted.body?.cancel();
          const url = `http://127.0.0.1:${read.port}/v1/sessions/${session}/events?until=run_end`;
          return [await fetch(url, { headers }), Date.now()];
        });
        return { session, events: await readEvents(res, openedAt) };
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    const after = await redisCounters(admin);
    const end = await Promise.all(replicas.map((r) => stats(r, true)));
    const sum = (xs) => xs.reduce((a, b) => a + b, 0);
    const replicaCpuMs = sum(end.map((e) => e.cpuMs)) - sum(base.map((b) => b.cpuMs));
    // Round trips: the replicas' awaited backend requests (a script or a command each), counted
    // in the replicas; commands include the scripts' inner calls (less the 4 INFOs).
    const tripsBy = {};
    for (const [i, e] of end.entries()) {
      for (const [k, v] of Object.entries(e.calls)) {
        tripsBy[k] = (tripsBy[k] ?? 0) + v - (base[i].calls[k] ?? 0);
      }
    }
    const trips = sum(Object.values(tripsBy));
    const allCommands = after.all - before.all - 4;
    let received = 0;
    let unfinished = 0;
    const latencies = [];
    for (const { events } of results) {
      if (events.at(-1)?.event !== "run_finished") unfinished++;
      for (const e of events) if (e.latency !== null) latencies.push(e.latency);
      received += events.length;
    }
    latencies.sort((a, b) => a - b);
    const perRun = (x) => x / SESSIONS;
    const cpuPerRun = perRun(replicaCpuMs);
    const kb = (x) => (x / 1024).toFixed(1);
    const top = Object.entries(after.byCommand)
      .map(([k, v]) => [k, v - (before.byCommand[k] ?? 0)])
      .filter(([k, v]) => v > 0 && k !== "info")
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${(v / SESSIONS).toFixed(1)}`)
      .join(", ");
    const activeKb = (sum(peakHeap) - sum(base.map((b) => b.heapUsed))) / SESSIONS;
    const idleHeap =
      (sum(end.map((e) => e.heapUsed)) - sum(base.map((b) => b.heapUsed))) / SESSIONS;
    const idleRedis = (after.usedMemory - before.usedMemory) / SESSIONS;
    const row = (label, value) => console.log(`  ${label.padEnd(34)} ${value}`);
    console.log(`${n} replica${n > 1 ? "s" : ""}, ${SESSIONS} sessions, ${MODEL_MS} ms model:`);
    row("runs/s (wall)", `${(SESSIONS / seconds).toFixed(0)} (${seconds.toFixed(1)} s)`);
    row("replica CPU per run", `${cpuPerRun.toFixed(2)} ms`);
    row("runs/s per replica CPU core", `${(1000 / cpuPerRun).toFixed(0)}`);
    row("Redis CPU per run", `${perRun(after.cpuMs - before.cpuMs).toFixed(3)} ms`);
    row(
      "event latency p50/p95/p99",
      `${pct(latencies, 50)} / ${pct(latencies, 95)} / ${pct(latencies, 99)} ms (${latencies.length} live events, ${(received / SESSIONS).toFixed(1)} per run)`,
    );
    const tripsText = Object.entries(tripsBy)
      .filter(([, v]) => v > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${(v / SESSIONS).toFixed(1)}`)
      .join(", ");
    row("Redis round trips per run", `${perRun(trips).toFixed(1)}: ${tripsText}`);
    row("Redis commands per run (all)", `${perRun(allCommands).toFixed(1)}: ${top}`);
    row(
      "Redis bytes per run (in / out)",
      `${kb(perRun(after.inBytes - before.inBytes))} / ${kb(perRun(after.outBytes - before.outBytes))} KB`,
    );
    row("memory per active session", `${kb(activeKb)} KB replica heap`);
    row(
      "memory per idle session",
      `${kb(idleHeap)} KB replica heap after GC + ${kb(idleRedis)} KB Redis used_memory`,
    );
    row("unfinished runs", `${unfinished}`);
  } finally {
    await Promise.all(replicas.map((r) => stopChild(r.child, 5_000)));
  }
}

const redis = await startRedis();
const admin = new RedisConnection({ url: redis.url });
const info = parseInfo(await admin.call(["INFO", "server"], "info"));
taskset(pin.redis, info.process_id);
if (process.env.BENCH_PIN_SELF) taskset(process.env.BENCH_PIN_SELF, process.pid);
console.log(
  `service benchmark: node ${process.version}, redis ${info.redis_version}, pinning: ${process.env.BENCH_PIN ?? "none"}${process.env.BENCH_PIN_SELF ? `; bench+model on ${process.env.BENCH_PIN_SELF}` : ""}`,
);
// Idle connections stay open 60 s, as a provider's do: with the test server's default (1 s, under
// undici's 2 s margin) every model call would open a new connection.
const model = await createTestServer(
  {
    "/v1/chat/completions": {
      response: async () => {
        await new Promise((r) => setTimeout(r, MODEL_MS));
        return { type: "stream", format: "openai", chunks: textChunks() };
      },
    },
  },
  { keepAliveTimeoutMs: 60_000 },
);
try {
  // Each round has its own sessions (a repeated count, "1,1,1", measures the same setup again).
  for (const [i, n] of REPLICAS.entries()) {
    await round(n, redis, admin, `${model.url}/v1`, `r${i}-${n}`);
  }
} finally {
  await model.close();
  await admin.close();
  await redis.stop();
}
