import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Document,
  Msg,
  ReActAgent,
  SimpleKnowledge,
  TextReader,
  ValidationError,
} from "@agentscope-ts/core";
import {
  DeterministicEmbeddingModel,
  PlainFormatter,
  ScriptedChatModel,
  scriptedText,
} from "@agentscope-ts/core/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqliteVectorStore } from "./sqlite-vector-store.js";

let dir: string;
const stores: SqliteVectorStore[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "as-sqlite-"));
});
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  rmSync(dir, { recursive: true, force: true });
});

const open = (options: Partial<ConstructorParameters<typeof SqliteVectorStore>[0]> = {}) => {
  const store = new SqliteVectorStore({ path: join(dir, "kb.db"), dimensions: 2, ...options });
  stores.push(store);
  return store;
};

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

describe("SqliteVectorStore", () => {
  it("stores chunks in a file and finds the nearest by cosine, best first, across reopening", async () => {
    const store = open();
    await store.add([chunk("a", 0, [1, 0]), chunk("a", 1, [0.6, 0.8]), chunk("b", 0, [0, 1])]);
    store.close();
    const again = open();
    expect(again.count()).toBe(3);
    expect(again.hasDocument("a")).toBe(true);
    expect(again.hasDocument("zzz")).toBe(false);
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
    expect(above.map((d) => d.metadata.content)).toHaveLength(2);
  });

  it("scores by L2 distance (ascending) and by dot product", async () => {
    const l2 = open({ collectionName: "l2", distance: "Euclid" });
    const dot = open({ collectionName: "dot", distance: "Dot" });
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
    const dotFiltered = await dot.search([2, 0], { limit: 1, filter: { chunk_id: [1, 2] } });
    expect(dotFiltered.map((d) => [d.metadata.chunk_id, d.score])).toEqual([
      [1, expect.closeTo(2, 5)],
    ]);
    expect((await l2.search([1, 0], { limit: 1, withVectors: true }))[0]?.embedding).toEqual([
      1, 0,
    ]);
  });

  it("filters on metadata fields, replaces re-added chunks and deletes by document or filter", async () => {
    const store = open();
    await store.add([
      chunk("a", 0, [1, 0], { source: "x.md" }),
      chunk("b", 0, [0.9, 0.1], { source: "y.md" }),
      chunk("c", 0, [0.8, 0.2], { source: "y.md" }),
    ]);
    expect(store.count({ source: "y.md" })).toBe(2);
    const fromY = await store.search([1, 0], { limit: 5, filter: { source: "y.md" } });
    expect(fromY.map((d) => d.metadata.doc_id)).toEqual(["b", "c"]);
    // The filter applies before the top-k cut: the best chunk (a, x.md) is not in the way.
    const top = await store.search([1, 0], { limit: 1, filter: { source: "y.md" } });
    expect(top.map((d) => d.metadata.doc_id)).toEqual(["b"]);
    const anyOf = await store.search([1, 0], {
      limit: 5,
      filter: { doc_id: ["a", "c"], "content.type": "text" },
    });
    expect(anyOf.map((d) => d.metadata.doc_id)).toEqual(["a", "c"]);
    await store.add([chunk("a", 0, [0, 1], { source: "x.md" })]);
    expect(store.count()).toBe(3);
    expect((await store.search([1, 0], { limit: 1 }))[0]?.metadata.doc_id).toBe("b");
    await store.delete({ docIds: ["a"], filter: { source: "y.md", doc_id: "c" } });
    expect((await store.search([1, 0], { limit: 5 })).map((d) => d.metadata.doc_id)).toEqual(["b"]);
    await expect(store.search([1, 0], { limit: 5, filter: { "x'; DROP": 1 } })).rejects.toThrow(
      ValidationError,
    );
  });

  it("rejects vectors of the wrong size and reopening with other dimensions, naming the field", async () => {
    const store = open();
    await expect(store.add([chunk("a", 0, [1, 0, 0])])).rejects.toThrow(
      /documents\[0\]\.embedding.*expected 2/,
    );
    await expect(store.search([1], { limit: 1 })).rejects.toThrow(/queryEmbedding/);
    await expect(store.search([1, 0], { limit: 5000 })).rejects.toThrow(/limit.*1 to 4096/);
    store.close();
    expect(() => open({ dimensions: 3 })).toThrow(/dimensions.*holds 2-dimension/);
    expect(() => open({ dimensions: 0 })).toThrow(ValidationError);
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
    expect(store.count()).toBe(3);
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
    const prompt = JSON.stringify(model.calls[0]?.messages);
    expect(prompt).toContain("<retrieved_knowledge>");
    const retrieved = model.calls[0]?.messages.find((m) =>
      JSON.stringify(m).includes("<retrieved_knowledge>"),
    );
    expect(((retrieved?.content ?? []) as { text: string }[])[1]?.text).toBe(
      "The vault code is 4417.",
    );
  });
});
