import {
  type Document,
  Msg,
  ReActAgent,
  SimpleKnowledge,
  StorageConnectionError,
  TextReader,
  ValidationError,
} from "@agentscope-ts/core";
import {
  DeterministicEmbeddingModel,
  PlainFormatter,
  ScriptedChatModel,
  scriptedText,
} from "@agentscope-ts/core/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PgliteServer, startPgliteServer } from "./__fixtures__/pglite-server.js";
import { PgVectorStore, type PgVectorStoreOptions } from "./pg-vector-store.js";

let server: PgliteServer;
beforeAll(async () => {
  server = await startPgliteServer();
});
afterAll(async () => {
  await server?.stop();
});

let n = 0;
const open = (options: Partial<PgVectorStoreOptions> = {}) =>
  new PgVectorStore({
    pool: server.pool,
    collectionName: `c${++n}`,
    dimensions: 2,
    ...options,
  });

const chunk = (
  docId: string,
  i: number,
  embedding: number[],
  extra: Record<string, unknown> = {},
): Document => ({
  id: `${docId}-id`,
  metadata: {
    content: { type: "text", text: `${docId}-${i}` },
    doc_id: docId,
    chunk_id: i,
    total_chunks: 3,
    ...extra,
  },
  embedding,
  score: null,
});

describe("PgVectorStore (PGlite + pgvector over a loopback socket)", () => {
  it("stores chunks and finds the nearest by cosine through its HNSW index, across store objects", async () => {
    const store = open({ collectionName: "cosine" });
    await store.add([chunk("a", 0, [1, 0]), chunk("a", 1, [0.6, 0.8]), chunk("b", 0, [0, 1])]);
    const again = open({ collectionName: "cosine" });
    expect(await again.count()).toBe(3);
    expect(await again.hasDocument("a")).toBe(true);
    expect(await again.hasDocument("zzz")).toBe(false);
    const hits = await again.search([1, 0], { limit: 2 });
    expect(hits.map((d) => d.metadata.content)).toEqual([
      { type: "text", text: "a-0" },
      { type: "text", text: "a-1" },
    ]);
    expect(hits[0]?.score).toBeCloseTo(1, 6);
    expect(hits[1]?.score).toBeCloseTo(0.6, 6);
    expect(hits[0]).toMatchObject({ id: "a-id", embedding: null });
    expect(hits[0]?.metadata).toEqual(chunk("a", 0, []).metadata);
    const above = await again.search([1, 0], { limit: 5, scoreThreshold: 0.5 });
    expect(above).toHaveLength(2);

    // The table carries an HNSW index with the cosine operator class, and the search uses it.
    const { rows: indexes } = await server.pool.query<{ indexdef: string }>(
      "SELECT indexdef FROM pg_indexes WHERE tablename = 'cosine' AND indexname LIKE '%hnsw'",
    );
    expect(indexes[0]?.indexdef).toMatch(/USING hnsw \(embedding vector_cosine_ops\)/);
    const client = await server.pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL enable_seqscan = off");
      const { rows } = await client.query(
        `EXPLAIN SELECT id FROM cosine ORDER BY embedding <=> '[1,0]' LIMIT 2`,
      );
      expect(JSON.stringify(rows)).toContain("Index Scan using cosine_embedding_hnsw");
      await client.query("ROLLBACK");
    } finally {
      client.release();
    }
  });

  it("scores by L2 distance (ascending) and by inner product, each with its own index", async () => {
    const l2 = open({ distance: "Euclid" });
    const dot = open({ distance: "Dot" });
    const docs = [chunk("a", 0, [3, 0]), chunk("a", 1, [1, 0]), chunk("a", 2, [0, 2])];
    await l2.add(docs);
    await dot.add(docs);
    const byL2 = await l2.search([1, 0], { limit: 3 });
    expect(byL2.map((d) => d.metadata.chunk_id)).toEqual([1, 0, 2]);
    expect(byL2.map((d) => d.score)).toEqual([
      0,
      expect.closeTo(2, 5),
      expect.closeTo(Math.sqrt(5), 5),
    ]);
    expect(
      (await l2.search([1, 0], { limit: 3, scoreThreshold: 2.1 })).map((d) => d.metadata.chunk_id),
    ).toEqual([1, 0]);
    const byDot = await dot.search([2, 0], { limit: 3, withVectors: true });
    expect(byDot.map((d) => d.metadata.chunk_id)).toEqual([0, 1, 2]);
    expect(byDot.map((d) => d.score)).toEqual([
      expect.closeTo(6, 5),
      expect.closeTo(2, 5),
      expect.closeTo(0, 5),
    ]);
    expect(byDot[0]?.embedding).toEqual([3, 0]);
    const { rows } = await server.pool.query<{ indexdef: string }>(
      "SELECT indexdef FROM pg_indexes WHERE tablename IN ($1, $2) AND indexname LIKE '%hnsw' ORDER BY tablename",
      [l2.collectionName, dot.collectionName],
    );
    expect(rows.map((r) => r.indexdef.match(/vector_\w+_ops/)?.[0])).toEqual([
      "vector_l2_ops",
      "vector_ip_ops",
    ]);
  });

  it("filters on metadata fields, replaces re-added chunks and deletes by document or filter", async () => {
    const store = open();
    await store.add([
      chunk("a", 0, [1, 0], { source: "x.md", page: 1 }),
      chunk("b", 0, [0.9, 0.1], { source: "y.md", page: "1" }),
      chunk("c", 0, [0.8, 0.2], { source: "y.md", draft: true }),
    ]);
    expect(await store.count({ source: "y.md" })).toBe(2);
    const fromY = await store.search([1, 0], { limit: 5, filter: { source: "y.md" } });
    expect(fromY.map((d) => d.metadata.doc_id)).toEqual(["b", "c"]);
    const top = await store.search([1, 0], { limit: 1, filter: { source: "y.md" } });
    expect(top.map((d) => d.metadata.doc_id)).toEqual(["b"]);
    const anyOf = await store.search([1, 0], {
      limit: 5,
      filter: { doc_id: ["a", "c"], "content.type": "text" },
    });
    expect(anyOf.map((d) => d.metadata.doc_id)).toEqual(["a", "c"]);
    // JSON equality: the number 1 is not the string "1"; booleans match booleans.
    expect((await store.search([1, 0], { limit: 5, filter: { page: 1 } })).length).toBe(1);
    expect(await store.count({ page: "1" })).toBe(1);
    expect(await store.count({ draft: true })).toBe(1);
    // Re-adding a chunk replaces it (twice in one call: the last wins).
    await store.add([chunk("a", 0, [1, 0]), chunk("a", 0, [0, 1], { source: "x.md" })]);
    expect(await store.count()).toBe(3);
    expect((await store.search([1, 0], { limit: 1 }))[0]?.metadata.doc_id).toBe("b");
    await store.delete({ docIds: ["a"], filter: { source: "y.md", doc_id: "c" } });
    expect((await store.search([1, 0], { limit: 5 })).map((d) => d.metadata.doc_id)).toEqual(["b"]);
    await expect(store.search([1, 0], { limit: 5, filter: { "x'; DROP": 1 } })).rejects.toThrow(
      ValidationError,
    );
  });

  it("a filter matching few far chunks still fills the limit (iterative index scan)", async () => {
    const store = open({ efSearch: 1 });
    const docs = Array.from({ length: 300 }, (_, i) => {
      const angle = (i / 300) * (Math.PI / 4);
      return chunk(`d${i}`, 0, [Math.cos(angle), Math.sin(angle)], { rare: i >= 297 });
    });
    await store.add(docs);
    expect(await store.count()).toBe(300);
    // Make the planner walk the HNSW index, as it does on large tables (the pool has one connection).
    await server.pool.query("SET enable_seqscan = off");
    try {
      const hits = await store.search([1, 0], { limit: 3, filter: { rare: true } });
      expect(hits.map((d) => d.metadata.doc_id)).toEqual(["d297", "d298", "d299"]);
    } finally {
      await server.pool.query("RESET enable_seqscan");
    }
  });

  it("rejects bad options, vectors of the wrong size and reopening with other dimensions", async () => {
    const store = open();
    await expect(store.add([chunk("a", 0, [1, 0, 0])])).rejects.toThrow(
      /documents\[0\]\.embedding.*expected 2/,
    );
    await expect(store.add([chunk("a", 0, [1, Number.NaN])])).rejects.toThrow(ValidationError);
    await expect(store.search([1], { limit: 1 })).rejects.toThrow(/queryEmbedding/);
    await expect(store.search([1, 0], { limit: 5000 })).rejects.toThrow(/limit.*1 to 1000/);
    await store.add([chunk("a", 0, [1, 0])]);
    const other = open({ collectionName: store.collectionName, dimensions: 3 });
    await expect(other.count()).rejects.toThrow(/dimensions.*holds 2-dimension/);
    expect(() => open({ dimensions: 0 })).toThrow(ValidationError);
    expect(() => open({ dimensions: 4096 })).toThrow(/dimensions.*2000/);
    expect(() => open({ collectionName: "bad name" })).toThrow(/collectionName/);
    expect(() => new PgVectorStore({ dimensions: 2 })).toThrow(/pool/);
  });

  it("an unreachable server is a retryable StorageConnectionError", async () => {
    const pool = new pg.Pool({
      host: "127.0.0.1",
      port: 1,
      user: "postgres",
      connectionTimeoutMillis: 2000,
    });
    const store = new PgVectorStore({ pool, dimensions: 2 });
    const error = await store.count().catch((e) => e);
    expect(error).toBeInstanceOf(StorageConnectionError);
    expect(error.retryable).toBe(true);
    await pool.end();
  });

  it("backs a SimpleKnowledge a ReActAgent answers from", async () => {
    const embeddingModel = new DeterministicEmbeddingModel({ dimensions: 32 });
    const store = open({ dimensions: 32 });
    const kb = new SimpleKnowledge({ embeddingStore: store, embeddingModel });
    await kb.addDocuments(
      await new TextReader().read(
        "The vault code is 4417. Lunch is served at noon. Parking is free.",
      ),
    );
    expect(await store.count()).toBe(3);
    const direct = await kb.retrieve("What is the vault code?", { limit: 1 });
    expect(direct.map((d) => d.metadata.content)).toEqual([
      { type: "text", text: "The vault code is 4417." },
    ]);
    const model = new ScriptedChatModel({ script: [scriptedText("The code is 4417.")] });
    const agent = new ReActAgent({
      name: "Friday",
      sysPrompt: "You answer from the knowledge base.",
      model,
      formatter: new PlainFormatter(),
      knowledge: kb,
      enableRewriteQuery: false,
    });
    agent.setConsoleOutputEnabled(false);
    const reply = await agent.call(new Msg("user", "What is the vault code?", "user"));
    expect(reply.getTextContent()).toBe("The code is 4417.");
    const retrieved = model.calls[0]?.messages.find((m) =>
      JSON.stringify(m).includes("<retrieved_knowledge>"),
    );
    expect(((retrieved?.content ?? []) as { text: string }[])[1]?.text).toBe(
      "The vault code is 4417.",
    );
  });
});
