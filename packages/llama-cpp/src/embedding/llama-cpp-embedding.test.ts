import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InMemoryEmbeddingCache, InterruptedError, ModelError } from "@agentscope-ts/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTinyLlamaGguf } from "../testing/tiny-llama-gguf.js";
import { LlamaCppEmbedding } from "./llama-cpp-embedding.js";

let dir: string;
let modelPath: string;
let embedding: LlamaCppEmbedding;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "llama-cpp-embed-"));
  modelPath = (
    await writeTinyLlamaGguf(join(dir, "tiny.gguf"), { embeddingLength: 48, headCount: 4 })
  ).path;
  embedding = await LlamaCppEmbedding.create({ modelPath, contextSize: 512, threads: 1 });
});

afterAll(async () => {
  await embedding?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe("LlamaCppEmbedding", () => {
  it("reads the vector size from the file and embeds each input", async () => {
    expect(embedding.dimensions).toBe(48);
    expect(embedding.modelName).toBe("tiny");
    const response = await embedding.embed(["hello world", { type: "text", text: "the weather" }]);
    expect(response.embeddings).toHaveLength(2);
    for (const vector of response.embeddings) {
      expect(vector).toHaveLength(48);
      expect(vector.every(Number.isFinite)).toBe(true);
    }
    expect(response.embeddings[0]).not.toEqual(response.embeddings[1]);
    expect(response.usage?.tokens).toBeGreaterThan(0);
    expect(response.source).toBe("api");
  });

  it("is deterministic for the same text", async () => {
    const a = await embedding.embed(["hello world"]);
    const b = await embedding.embed(["hello world"]);
    expect(a.embeddings[0]).toEqual(b.embeddings[0]);
  });

  it("works with core's embedding cache", async () => {
    const cached = new LlamaCppEmbedding({
      modelPath,
      dimensions: 48,
      threads: 1,
      contextSize: 512,
      embeddingCache: new InMemoryEmbeddingCache(),
    });
    try {
      const first = await cached.embed(["the name"]);
      const second = await cached.embed(["the name"]);
      expect(second.source).toBe("cache");
      expect(second.embeddings).toEqual(first.embeddings);
    } finally {
      await cached.dispose();
    }
  });

  it("fails clearly for a wrong dimensions, a missing file and an aborted signal", async () => {
    const wrong = new LlamaCppEmbedding({ modelPath, dimensions: 7, threads: 1 });
    await expect(wrong.embed(["x"])).rejects.toThrow(/48-dimensional.*dimensions: 48/);
    await expect(
      LlamaCppEmbedding.create({ modelPath: join(dir, "missing.gguf") }),
    ).rejects.toThrow(ModelError);
    await expect(embedding.embed(["x"], { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      InterruptedError,
    );
  });
});
