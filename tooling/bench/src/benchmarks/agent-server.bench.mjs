// The agent service under load: 1,000 concurrent sessions, each one run (a streamed answer after
// a simulated 200 ms model latency, from the OpenAI-compatible test server), over 1 and then 3
// replica processes sharing one real redis-server. Each client posts to one replica and reads its
// events (SSE) from another, so events cross replicas through Redis Streams. Checks that every
// session got every logged event exactly once and in order; prints throughput and the latency
// from an event's append (its stream id is the Redis time in ms) to its arrival at the client.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { RedisBackend } from "@agentscope-ts/server";
import { startRedis, stopChild } from "@agentscope-ts/test-databases";
import { createTestServer } from "@agentscope-ts/test-server";

/** What this benchmark measures (printed by the runner). */
export const description =
  "agent server: 1,000 concurrent sessions over 1 and 3 replicas on Redis (200 ms model latency): runs/s, events/s, event latency p50/p95/p99, lost/duplicated events";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1000);
const MODEL_LATENCY_MS = 200;
const words = "The service answered this request with a short streamed reply of words.".split(" ");

function textChunks() {
  return [
    ...words.map((w) => ({
      id: "s1",
      object: "chat.completion.chunk",
      choices: [{ index: 0, delta: { content: `${w} ` } }],
    })),
    {
      id: "s1",
      object: "chat.completion.chunk",
      choices: [{ index: 0, delta: {}, finish_reason: "stop" }],
    },
    {
      id: "s1",
      object: "chat.completion.chunk",
      choices: [],
      usage: { prompt_tokens: 20, completion_tokens: 14, total_tokens: 34 },
    },
  ];
}

const replicaScript = fileURLToPath(new URL("./agent-server-replica.mjs", import.meta.url));

function startReplica(env) {
  const child = spawn(process.execPath, [replicaScript], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("replica did not start")), 30_000);
    child.stdout.once("data", (d) => {
      clearTimeout(timer);
      resolve({ child, port: JSON.parse(String(d).split("\n")[0]).port });
    });
    child.once("exit", (code) => reject(new Error(`replica exited (${code})`)));
  });
}

// Opening connections is limited (the listen backlog drops SYNs beyond a few hundred at once);
// the streams, once open, all stay open together.
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
const opening = limiter(Number(process.env.BENCH_OPENING ?? 100));

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
      // Latency counts only events appended while the stream was open (not the backlog it
      // caught up on after connecting).
      const appended = Number(id?.split("-")[0]);
      if (id) got.push({ id, event, latency: appended >= openedAt ? now - appended : null });
    }
  }
}

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function round(n, redisUrl, modelUrl, prefix) {
  const replicas = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      startReplica({ REDIS_URL: redisUrl, MODEL_URL: modelUrl, REPLICA_ID: `${prefix}-${i}` }),
    ),
  );
  const headers = { authorization: "Bearer bench", "content-type": "application/json" };
  try {
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: SESSIONS }, async (_, i) => {
        const post = replicas[i % n];
        const read = replicas[(i + 1) % n];
        const session = `${prefix}-s${i}`;
        // Post, then open the event stream at once (both in one opening slot).
        const [res, openedAt] = await opening(async () => {
          const posted = await fetch(
            `http://127.0.0.1:${post.port}/v1/sessions/${session}/messages`,
            { method: "POST", headers, body: JSON.stringify({ content: `hello ${i}` }) },
          );
          if (posted.status !== 202) throw new Error(`POST ${session}: ${posted.status}`);
          await posted.body?.cancel();
          const url = `http://127.0.0.1:${read.port}/v1/sessions/${session}/events?until=run_end`;
          const stream = await fetch(url, { headers });
          return [stream, Date.now()];
        });
        const events = await readEvents(res, openedAt);
        return { session, events };
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const audit = new RedisBackend({ url: redisUrl });
    let lost = 0;
    let duplicated = 0;
    let unfinished = 0;
    let received = 0;
    const latencies = [];
    for (const { session, events } of results) {
      const logged = await audit.readEvents({ userId: "bench", sessionId: session }, "0", {
        blockMs: 0,
        count: 100_000,
      });
      const ids = events.map((e) => e.id);
      duplicated += ids.length - new Set(ids).size;
      const seen = new Set(ids);
      lost += logged.filter((e) => !seen.has(e.id)).length;
      if (events.at(-1)?.event !== "run_finished") unfinished++;
      for (const e of events) if (e.latency !== null) latencies.push(e.latency);
      received += events.length;
    }
    await audit.close();
    latencies.sort((a, b) => a - b);
    console.log(
      `${n} replica${n > 1 ? "s" : " "}: ${SESSIONS} sessions in ${seconds.toFixed(1)} s = ${(SESSIONS / seconds).toFixed(0)} runs/s, ${(received / seconds).toFixed(0)} events/s; live event latency (${latencies.length} events) p50 ${pct(latencies, 50)} ms, p95 ${pct(latencies, 95)} ms, p99 ${pct(latencies, 99)} ms; lost ${lost}, duplicated ${duplicated}, unfinished ${unfinished}`,
    );
  } finally {
    await Promise.all(replicas.map((r) => stopChild(r.child, 5_000)));
  }
}

/** Runs the benchmark. */
export async function run() {
  const redis = await startRedis();
  const model = await createTestServer({
    "/v1/chat/completions": {
      response: async () => {
        await new Promise((r) => setTimeout(r, MODEL_LATENCY_MS));
        return { type: "stream", format: "openai", chunks: textChunks() };
      },
    },
  });
  try {
    await round(1, redis.url, `${model.url}/v1`, "one");
    await round(3, redis.url, `${model.url}/v1`, "three");
  } finally {
    await model.close();
    await redis.stop();
  }
}
