// SqliteMemory (one node:sqlite file, WAL): single-message append rate on an empty and on a
// 100k-message session (flat figures mean an append never rewrites the history), and getMemory of
// 100k messages. The same measurements as storage-memory, with no server.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SqliteMemory } from "@agentscope-ts/sqlite";

/** What this benchmark measures (printed by the runner). */
export const description =
  "SqliteMemory: appends/s at 0 and 100k messages, getMemory(100k) ms (median of 3)";

const TOTAL = 100_000;
const APPENDS = 1_000;

async function appendRate(memory, Msg, tag) {
  const started = performance.now();
  for (let i = 0; i < APPENDS; i++) {
    await memory.add(new Msg("user", `${tag} ${i}`, "user"));
  }
  return (APPENDS / (performance.now() - started)) * 1000;
}

/** Runs the benchmark. */
export async function run(core) {
  const dir = await mkdtemp(join(tmpdir(), "as-bench-sqlite-memory-"));
  const memory = new SqliteMemory({ dbPath: join(dir, "bench.db"), sessionId: "bench" });
  try {
    const empty = await appendRate(memory, core.Msg, "first");
    const batch = 1_000;
    for (let done = APPENDS; done < TOTAL - APPENDS; done += batch) {
      const n = Math.min(batch, TOTAL - APPENDS - done);
      await memory.add(
        Array.from(
          { length: n },
          (_, i) => new core.Msg("user", `history ${done + i} ${"x".repeat(80)}`, "user"),
        ),
      );
    }
    const full = await appendRate(memory, core.Msg, "late");
    const times = [];
    let count = 0;
    for (let r = 0; r < 3; r++) {
      const started = performance.now();
      count = (await memory.getMemory()).length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `SqliteMemory    append ${empty.toFixed(0)}/s at 0, ${full.toFixed(0)}/s at ${TOTAL - APPENDS}; getMemory(${count}) ${times[1].toFixed(0)} ms`,
    );
  } finally {
    await memory.close();
    await rm(dir, { recursive: true, force: true });
  }
}
