// SqliteVectorStore: ingest and query times for 10,000 chunks in one SQLite file.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "../measure.mjs";

/** What this benchmark measures (printed by the runner). */
export const description =
  "SqliteVectorStore (@agentscope-ts/sqlite): add 10,000 chunks of 384-dim vectors in batches of 500, then 50 top-5 queries (cosine, dot, L2, cosine with a metadata filter)";

const N = 10_000;
const DIM = 384;
const BATCH = 500;
const QUERIES = 50;

// A seeded PRNG (mulberry32), so every run stores the same vectors.
function rng(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs the benchmark. */
export async function run() {
  let SqliteVectorStore;
  try {
    ({ SqliteVectorStore } = await import("@agentscope-ts/sqlite"));
  } catch (error) {
    console.log(
      "skipped: build @agentscope-ts/sqlite first (pnpm --filter @agentscope-ts/sqlite run build)",
    );
    throw error;
  }
  const random = rng(42);
  const vector = () => Array.from({ length: DIM }, () => random() * 2 - 1);
  const docs = Array.from({ length: N }, (_, i) => ({
    id: `doc-${Math.floor(i / 10)}`,
    metadata: {
      content: { type: "text", text: `Chunk ${i} of a long benchmark document.` },
      doc_id: `doc-${Math.floor(i / 10)}`,
      chunk_id: i % 10,
      total_chunks: 10,
      source: i % 2 === 0 ? "even.md" : "odd.md",
    },
    embedding: vector(),
    score: null,
  }));
  const queries = Array.from({ length: QUERIES }, vector);
  const dir = mkdtempSync(join(tmpdir(), "as-bench-sqlite-"));
  try {
    for (const distance of ["Cosine", "Dot", "Euclid"]) {
      const path = join(dir, `${distance}.db`);
      const store = new SqliteVectorStore({ path, dimensions: DIM, distance });
      let started = performance.now();
      for (let i = 0; i < N; i += BATCH) await store.add(docs.slice(i, i + BATCH));
      const ingestMs = performance.now() - started;
      const times = [];
      for (const q of queries) {
        started = performance.now();
        await store.search(q, { limit: 5 });
        times.push(performance.now() - started);
      }
      const filtered = [];
      if (distance === "Cosine") {
        for (const q of queries) {
          started = performance.now();
          await store.search(q, { limit: 5, filter: { source: "even.md" } });
          filtered.push(performance.now() - started);
        }
      }
      console.log(
        `${distance.padEnd(6)} ingest ${N} chunks: ${ingestMs.toFixed(0)} ms (${((N / ingestMs) * 1000).toFixed(0)} chunks/s, file ${(statSync(path).size / 1e6).toFixed(1)} MB); top-5 query: median ${median(times).toFixed(1)} ms${filtered.length ? `; with a metadata filter (half the rows): median ${median(filtered).toFixed(1)} ms` : ""}`,
      );
      store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
