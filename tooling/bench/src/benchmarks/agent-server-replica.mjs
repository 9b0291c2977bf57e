// One replica process of the agent-server benchmark: an agent server on the shared Redis whose
// agent calls the OpenAI-compatible test server at MODEL_URL. Prints {"port": N} when ready.
import { ReActAgent, Toolkit } from "@agentscope-ts/core";
import { OpenAIChatFormatter, OpenAIChatModel } from "@agentscope-ts/openai";
import { createAgentServer, RedisBackend } from "@agentscope-ts/server";

const model = new OpenAIChatModel({
  modelName: "gpt-bench",
  apiKey: "bench",
  baseURL: process.env.MODEL_URL,
  maxRetries: 0,
  // BENCH_MODEL_FETCH=platform: the client sends with `globalThis.fetch` instead of the default
  // `nodeHttpFetch` (`node:http`), for a before/after of the transport.
  ...(process.env.BENCH_MODEL_FETCH === "platform"
    ? { clientKwargs: { fetch: (input, init) => fetch(input, init) } }
    : {}),
});
// Counts the backend's calls (each one awaited Redis request, a script or a command) for the
// service benchmark's round trips.
const backend = new RedisBackend({ url: process.env.REDIS_URL });
const calls = {};
for (const name of Object.getOwnPropertyNames(RedisBackend.prototype)) {
  if (name === "constructor" || typeof backend[name] !== "function") continue;
  const original = backend[name].bind(backend);
  backend[name] = (...args) => {
    calls[name] = (calls[name] ?? 0) + 1;
    return original(...args);
  };
}
const server = createAgentServer({
  agents: {
    assistant: () =>
      new ReActAgent({
        name: "assistant",
        sysPrompt: "You are a helpful assistant.",
        model,
        formatter: new OpenAIChatFormatter(),
        toolkit: new Toolkit(),
      }),
  },
  backend,
  tokens: { bench: "bench" },
  replicaId: process.env.REPLICA_ID,
  rateLimit: { limit: 1_000_000 },
  maxStreams: 5_000,
});
// BENCH_HEAP_PROF=<dir>: a sampling heap profile of everything allocated (collected objects
// included, so it shows the allocation rate, not only what is live), written when it stops.
const heapProf = process.env.BENCH_HEAP_PROF ? await startHeapSampling() : null;
const port = await server.listen(0);
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on("SIGTERM", () => {
  void server
    .close({ interrupt: true })
    .then(() => heapProf?.())
    .finally(() => process.exit(0));
});

async function startHeapSampling() {
  const { Session } = await import("node:inspector/promises");
  const { writeFile } = await import("node:fs/promises");
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return async () => {
    const { profile } = await session.post("HeapProfiler.stopSampling");
    const file = `${process.env.BENCH_HEAP_PROF}/replica-${process.pid}.heapprofile`;
    await writeFile(file, JSON.stringify(profile));
  };
}
// The service benchmark asks over IPC for this process's CPU time and memory (after a GC when
// `gc` is asked and node runs with --expose-gc).
process.on("message", (m) => {
  if (m?.type !== "stats") return;
  if (m.gc && globalThis.gc) globalThis.gc();
  const cpu = process.cpuUsage();
  const mem = process.memoryUsage();
  process.send?.({
    type: "stats",
    cpuMs: (cpu.user + cpu.system) / 1000,
    heapUsed: mem.heapUsed,
    rss: mem.rss,
    external: mem.external + mem.arrayBuffers,
    calls: { ...calls },
  });
});
