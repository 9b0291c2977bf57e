import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import type { Document } from "./document.js";
import { InMemoryVectorStore } from "./in-memory-vector-store.js";

const chunk = (docId: string, i: number, embedding: number[]): Document => ({
  id: docId,
  metadata: {
    content: { type: "text", text: `${docId}-${i}` },
    doc_id: docId,
    chunk_id: i,
    total_chunks: 2,
  },
  embedding,
  score: null,
});

describe("InMemoryVectorStore", () => {
  it("returns the nearest chunks best first, with cosine scores above the threshold", async () => {
    const store = new InMemoryVectorStore();
    await store.add([chunk("a", 0, [1, 0]), chunk("a", 1, [0.6, 0.8]), chunk("b", 0, [0, 1])]);
    const hits = await store.search([1, 0], { limit: 2 });
    expect(hits.map((d) => [d.metadata.content, d.score])).toEqual([
      [{ type: "text", text: "a-0" }, 1],
      [{ type: "text", text: "a-1" }, 0.6],
    ]);
    const above = await store.search([1, 0], { limit: 5, scoreThreshold: 0.5 });
    expect(above.map((d) => d.metadata.chunk_id)).toEqual([0, 1]);
  });

  it("ranks by ascending distance under Euclid and by dot product under Dot", async () => {
    const euclid = new InMemoryVectorStore({ distance: "Euclid" });
    const dot = new InMemoryVectorStore({ distance: "Dot" });
    const docs = [chunk("a", 0, [3, 0]), chunk("a", 1, [1, 0])];
    await euclid.add(docs);
    await dot.add(docs);
    expect((await euclid.search([1, 0], { limit: 2 })).map((d) => d.score)).toEqual([0, 2]);
    expect((await euclid.search([1, 0], { limit: 2, scoreThreshold: 1 })).length).toBe(1);
    expect((await dot.search([1, 0], { limit: 2 })).map((d) => d.score)).toEqual([3, 1]);
  });

  it("replaces a chunk added again, deletes by document and refuses chunks without embedding", async () => {
    const store = new InMemoryVectorStore();
    await store.add([chunk("a", 0, [1, 0]), chunk("b", 0, [0, 1])]);
    await store.add([chunk("a", 0, [0, 1])]);
    expect(store.size).toBe(2);
    await store.delete({ docIds: ["a"] });
    expect((await store.search([1, 0], { limit: 5 })).map((d) => d.metadata.doc_id)).toEqual(["b"]);
    await expect(store.add([{ ...chunk("c", 0, []), embedding: null }])).rejects.toThrow(
      ValidationError,
    );
  });
});
