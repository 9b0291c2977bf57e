// Reading 100,000 messages back from every memory backend (issue 35: ≤ 0.3 s each): InMemoryMemory
// (getMemory; a JSONSession file loaded into it, file read and parse included; and loadStateDict of
// the parsed state, the path that copies the caller's state), SqliteMemory, PostgresMemory and
// RedisMemory on real servers. The history mixes text, tool_use and tool_result messages. Prints the median of
// 3 reads, wall time and the CPU time of this process.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InMemoryMemory } from "@agentscope-ts/core";
import { JSONSession } from "@agentscope-ts/core/node";
import { PostgresMemory } from "@agentscope-ts/postgres";
import { RedisMemory } from "@agentscope-ts/redis";
import { SqliteMemory } from "@agentscope-ts/sqlite";
import { startPostgres, startRedis } from "@agentscope-ts/test-databases";
import { median } from "../measure.mjs";

/** What this benchmark measures (printed by the runner). */
export const description =
  "memory read: 100,000 messages from InMemory, SQLite, PostgreSQL and Redis memory (target ≤ 0.3 s each; median of 3, wall and CPU)";

const TOTAL = Number(process.env.BENCH_MESSAGES ?? 100_000);
const TARGET_S = 0.3;

function history(Msg) {
  return Array.from({ length: TOTAL }, (_, i) => {
    if (i % 3 === 0) return new Msg("user", `question ${i} ${"x".repeat(60)}`, "user");
    if (i % 3 === 1) {
      return new Msg(
        "assistant",
        [
          { type: "text", text: `let me look ${i}` },
          { type: "tool_use", id: `call_${i}`, name: "search", input: { query: `q ${i}` } },
        ],
        "assistant",
      );
    }
    return new Msg(
      "system",
      [
        {
          type: "tool_result",
          id: `call_${i - 1}`,
          name: "search",
          output: [{ type: "text", text: `result ${i}` }],
        },
      ],
      "system",
    );
  });
}

async function timeRead(read) {
  const wall = [];
  const cpu = [];
  let count = 0;
  for (let r = 0; r < 3; r++) {
    const c = process.cpuUsage();
    const t = performance.now();
    count = await read();
    wall.push((performance.now() - t) / 1000);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1e6);
  }
  return { count, wall: median(wall), cpu: median(cpu) };
}

function row(name, { count, wall, cpu }) {
  const ok = wall <= TARGET_S ? "meets" : "misses";
  console.log(
    `${name.padEnd(36)} ${String(count).padStart(7)} msgs  wall ${wall.toFixed(3)} s  cpu ${cpu.toFixed(3)} s  (target ≤ ${TARGET_S} s: ${ok})`,
  );
}

async function fill(memory, msgs) {
  await memory.clear();
  for (let i = 0; i < msgs.length; i += 1_000) await memory.add(msgs.slice(i, i + 1_000));
}

/** Runs the benchmark. */
export async function run(core) {
  const msgs = history(core.Msg);
  const mem = new InMemoryMemory();
  await mem.add(msgs);
  row("InMemoryMemory.getMemory", await timeRead(async () => (await mem.getMemory()).length));
  const dir = await mkdtemp(join(tmpdir(), "bench-memory-read-"));
  try {
    const session = new JSONSession({ saveDir: dir });
    await session.save("bench", { memory: mem });
    row(
      "JSONSession.load → InMemoryMemory",
      await timeRead(async () => {
        const m = new InMemoryMemory();
        await session.load("bench", { memory: m });
        return m.size();
      }),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const state = JSON.stringify(mem.stateDict());
  row(
    "loadStateDict(JSON.parse) (copying)",
    await timeRead(async () => {
      const m = new InMemoryMemory();
      m.loadStateDict(JSON.parse(state));
      return m.size();
    }),
  );

  const sqlite = new SqliteMemory({ dbPath: ":memory:", sessionId: "bench" });
  await fill(sqlite, msgs);
  row("SqliteMemory.getMemory", await timeRead(async () => (await sqlite.getMemory()).length));
  await sqlite.close();

  const redis = await startRedis();
  const pg = await startPostgres();
  try {
    const p = new PostgresMemory({ connectionString: pg.connectionString, sessionId: "bench" });
    await fill(p, msgs);
    row("PostgresMemory.getMemory", await timeRead(async () => (await p.getMemory()).length));
    await p.clear();
    await p.close();
    const r = new RedisMemory({ url: redis.url, sessionId: "bench" });
    await fill(r, msgs);
    row("RedisMemory.getMemory", await timeRead(async () => (await r.getMemory()).length));
    await r.clear();
    await r.close();
  } finally {
    await redis.stop();
    await pg.stop();
  }
}
