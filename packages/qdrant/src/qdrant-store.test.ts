import { type Document, SimpleKnowledge, TextReader, ValidationError } from "@agentscope-ts/core";
import { DeterministicEmbeddingModel } from "@agentscope-ts/core/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { QdrantContractServer } from "./__fixtures__/qdrant-contract-server.js";
import { QdrantStore } from "./qdrant-store.js";

let server: QdrantContractServer;
beforeEach(async () => {
  server = await new QdrantContractServer().start();
});
afterEach(async () => {
  await server.stop();
});

const store = (options: Partial<ConstructorParameters<typeof QdrantStore>[0]> = {}) =>
  new QdrantStore({
    location: server.url,
    collectionName: "docs",
    dimensions: 2,
    clientKwargs: { checkCompatibility: false },
    ...options,
  });

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

describe("QdrantStore against a Qdrant REST contract server", () => {
  it("creates the collection on first add, upserts points with the reference's ids and payloads", async () => {
    const s = store({ collectionKwargs: { on_disk_payload: true } });
    await s.add([chunk("a", 0, [1, 0]), chunk("a", 1, [0, 1])]);
    await s.add([chunk("b", 0, [1, 1])]);
    const calls = server.requests.map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual([
      "GET /collections/docs/exists",
      "PUT /collections/docs",
      "PUT /collections/docs/points",
      "PUT /collections/docs/points",
    ]);
    expect(server.requests[1]?.body).toEqual({
      vectors: { size: 2, distance: "Cosine" },
      on_disk_payload: true,
    });
    expect(server.requests[2]?.query).toEqual({ wait: "true" });
    const upsert = server.requests[2]?.body as { points: { id: string; payload: unknown }[] };
    const first = upsert.points[0];
    expect(first?.payload).toEqual(chunk("a", 0, []).metadata);
    // python: uuid.uuid3(uuid.NAMESPACE_DNS, json.dumps({"doc_id": "a", "chunk_id": 0,
    //   "content": {"type": "text", "text": "a-0"}}, ensure_ascii=False))
    expect(first?.id).toBe("89ee8900-f6a4-31f1-874f-0ef9a55b014c");
    expect(server.collections.get("docs")?.points.size).toBe(3);
  });

  it("computes point ids as Python's uuid3 of json.dumps does, non-ASCII included", () => {
    // python3: uuid.uuid3(uuid.NAMESPACE_DNS, json.dumps({'doc_id':'abc','chunk_id':0,
    //   'content':{'type':'text','text':'Zephyr héllo "q"\n'}}, ensure_ascii=False))
    expect(
      QdrantStore.pointId({
        content: { type: "text", text: 'Zephyr héllo "q"\n' },
        doc_id: "abc",
        chunk_id: 0,
        total_chunks: 1,
      }),
    ).toBe("8ef51f16-2552-3480-85e8-54e7ff570d71");
  });

  it("searches with the query API and returns payloads as documents, best first", async () => {
    const s = store();
    await s.add([chunk("a", 0, [1, 0]), chunk("a", 1, [0.6, 0.8]), chunk("b", 0, [0, 1])]);
    const hits = await s.search([2, 0], { limit: 2, scoreThreshold: 0.5 });
    const query = server.requests.at(-1);
    expect(query).toMatchObject({ method: "POST", path: "/collections/docs/points/query" });
    expect(query?.body).toEqual({
      query: [2, 0],
      limit: 2,
      score_threshold: 0.5,
      with_payload: true,
    });
    expect(hits.map((d) => [d.metadata, d.score])).toEqual([
      [chunk("a", 0, []).metadata, 1],
      [chunk("a", 1, []).metadata, expect.closeTo(0.6, 10)],
    ]);
    const filtered = await s.search([1, 0], {
      limit: 5,
      filter: { must: [{ key: "doc_id", match: { value: "b" } }] },
    });
    expect(filtered.map((d) => d.metadata.doc_id)).toEqual(["b"]);
  });

  it("deletes the chunks of a document through a payload filter", async () => {
    const s = store({ distance: "Euclid" });
    await s.add([chunk("a", 0, [1, 0]), chunk("b", 0, [3, 0])]);
    expect((await s.search([0, 0], { limit: 5 })).map((d) => d.score)).toEqual([1, 3]);
    await s.delete({ docIds: ["a"] });
    expect(server.requests.at(-1)?.body).toEqual({
      filter: { must: [{ key: "doc_id", match: { any: ["a"] } }] },
    });
    expect((await s.search([0, 0], { limit: 5 })).map((d) => d.metadata.doc_id)).toEqual(["b"]);
  });

  it("gives typed errors: bad options, wrong vector sizes, a missing collection", async () => {
    expect(() => store({ location: ":memory:" })).toThrow(ValidationError);
    expect(() => store({ location: ":memory:" })).toThrow(/location.*InMemoryVectorStore/);
    expect(() => store({ distance: "Jaccard" as never })).toThrow(/distance/);
    await expect(store().add([chunk("a", 0, [1, 0, 0])])).rejects.toThrow(
      /\[0\]\.embedding.*expected 2/,
    );
    await expect(store({ collectionName: "nope" }).search([1, 0], { limit: 1 })).rejects.toThrow(
      /Qdrant could not query nope \(HTTP 404\): Not found: Collection `nope` doesn't exist!/,
    );
  });

  it("backs a SimpleKnowledge end to end", async () => {
    const embeddingModel = new DeterministicEmbeddingModel({ dimensions: 64 });
    const kb = new SimpleKnowledge({ embeddingStore: store({ dimensions: 64 }), embeddingModel });
    await kb.addDocuments(await new TextReader().read("Qdrant stores vectors. Cats sleep a lot."));
    const [best] = await kb.retrieve("which store has Qdrant vectors", { limit: 1 });
    expect(best?.metadata.content).toEqual({ type: "text", text: "Qdrant stores vectors." });
    expect(best?.score).toBeGreaterThan(0);
  });
});
