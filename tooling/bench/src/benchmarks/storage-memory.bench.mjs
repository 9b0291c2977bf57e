// Memory backends on real servers: single-message append rate on an empty and on a 100k-message
// session (flat figures mean an append never rewrites the history), and getMemory of 100k
// messages. Starts its own redis-server and PostgreSQL (see @agentscope-ts/test-databases).
import { PostgresMemory } from "@agentscope-ts/postgres";
import { RedisMemory } from "@agentscope-ts/redis";
import { startPostgres, startRedis } from "@agentscope-ts/test-databases";

/** What this benchmark measures (printed by the runner). */
export const description =
  "RedisMemory and PostgresMemory: appends/s at 0 and 100k messages, getMemory(100k) ms (median of 3)";

const TOTAL = 100_000;
const APPENDS = 1_000;

async function appendRate(memory, Msg, tag) {
  const started = performance.now();
  for (let i = 0; i < APPENDS; i++) {
    await memory.add(new Msg("user", `${tag} ${i}`, "user"));
  }
  return (APPENDS / (performance.now() - started)) * 1000;
}

async function measure(name, memory, Msg) {
  await memory.clear();
  const empty = await appendRate(memory, Msg, "first");
  const batch = 1_000;
  for (let done = await memory.size(); done < TOTAL - APPENDS; done += batch) {
    const n = Math.min(batch, TOTAL - APPENDS - done);
    await memory.add(
      Array.from(
        { length: n },
        (_, i) => new Msg("user", `history ${done + i} ${"x".repeat(80)}`, "user"),
      ),
    );
  }
  const full = await appendRate(memory, Msg, "late");
  const times = [];
  let count = 0;
  for (let r = 0; r < 3; r++) {
    const started = performance.now();
    count = (await memory.getMemory()).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(15)} append ${empty.toFixed(0)}/s at 0, ${full.toFixed(0)}/s at ${TOTAL - APPENDS}; getMemory(${count}) ${times[1].toFixed(0)} ms`,
  );
  await memory.clear();
}

/** Runs the benchmark. */
export async function run(core) {
  const redis = await startRedis();
  const pg = await startPostgres();
  try {
    const r = new RedisMemory({ url: redis.url, sessionId: "bench" });
    await measure("RedisMemory", r, core.Msg);
    await r.close();
    const p = new PostgresMemory({ connectionString: pg.connectionString, sessionId: "bench" });
    await measure("PostgresMemory", p, core.Msg);
    await p.close();
  } finally {
    await redis.stop();
    await pg.stop();
  }
}
