import { describe, expect, it } from "vitest";
import type { EmbedRequest, EmbedResult } from "../embedding/embedding-model-base.js";
import { InMemoryEmbeddingCache } from "../embedding/in-memory-embedding-cache.js";
import { InterruptedError } from "../errors/interrupted-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { BatchedTextEmbeddingBase } from "./batched-text-embedding.js";

/** Embeds each text as `[its length]`, recording the batches; `onBatch` runs before each answer. */
class LengthEmbedding extends BatchedTextEmbeddingBase {
  readonly provider = "test";
  readonly batches: string[][] = [];
  onBatch: () => void = () => {};

  constructor(batchSize?: number) {
    super(
      { modelName: "length", maxRetries: 0, ...(batchSize !== undefined ? { batchSize } : {}) },
      { owner: "LengthEmbedding", dimensions: 1, batchSize: 2 },
    );
  }

  protected async embedBatch(texts: string[], _request: EmbedRequest): Promise<EmbedResult> {
    this.batches.push(texts);
    this.onBatch();
    return { embeddings: texts.map((text) => [text.length]), tokens: texts.length };
  }
}

describe("BatchedTextEmbeddingBase", () => {
  it("sends batches of at most batchSize in order and joins the vectors and tokens", async () => {
    const model = new LengthEmbedding();
    const response = await model.embed(["a", "bb", "ccc", { type: "text", text: "dddd" }, "e"]);
    expect(model.batchSize).toBe(2);
    expect(model.batches).toEqual([["a", "bb"], ["ccc", "dddd"], ["e"]]);
    expect(response.embeddings).toEqual([[1], [2], [3], [4], [1]]);
    expect(response.usage?.tokens).toBe(5);
  });

  it("takes the batchSize option and rejects a bad one naming batchSize", () => {
    expect(new LengthEmbedding(5).batchSize).toBe(5);
    expect(() => new LengthEmbedding(0)).toThrow(ValidationError);
    expect(() => new LengthEmbedding(1.5)).toThrow(/batchSize/);
  });

  it("sends no further batch once the call is aborted", async () => {
    const model = new LengthEmbedding(1);
    const controller = new AbortController();
    model.onBatch = () => controller.abort();
    await expect(model.embed(["a", "b", "c"], { signal: controller.signal })).rejects.toThrow(
      InterruptedError,
    );
    expect(model.batches).toEqual([["a"]]);
  });

  it("keys the cache on input, model, dimensions, then the model's cacheKeyFields, in that order", async () => {
    class KeyedEmbedding extends LengthEmbedding {
      protected override cacheKeyFields(): Record<string, unknown> {
        return { encoding_format: "float" };
      }
    }
    const keys: unknown[] = [];
    const cache = new InMemoryEmbeddingCache();
    const store = cache.store.bind(cache);
    cache.store = (embeddings, identifier, overwrite) => {
      keys.push(identifier);
      return store(embeddings, identifier, overwrite);
    };
    const model = new KeyedEmbedding();
    model.embeddingCache = cache;
    await model.embed(["a"]);
    expect(keys).toHaveLength(1);
    expect(Object.keys(keys[0] as object)).toEqual([
      "input",
      "model",
      "dimensions",
      "encoding_format",
    ]);
    expect(keys[0]).toEqual({
      input: ["a"],
      model: "length",
      dimensions: 1,
      encoding_format: "float",
    });
    expect((await model.embed(["a"])).source).toBe("cache");
    expect(model.batches).toEqual([["a"]]);
  });

  it("uses the default dimensions unless given, and fails naming dimensions without either", () => {
    class Sized extends BatchedTextEmbeddingBase {
      readonly provider = "test";
      protected async embedBatch(): Promise<EmbedResult> {
        return { embeddings: [] };
      }
    }
    expect(
      new Sized({ modelName: "m" }, { owner: "Sized", dimensions: 8, batchSize: 1 }).dimensions,
    ).toBe(8);
    expect(
      new Sized({ modelName: "m", dimensions: 4 }, { owner: "Sized", dimensions: 8, batchSize: 1 })
        .dimensions,
    ).toBe(4);
    expect(() => new Sized({ modelName: "m" }, { owner: "Sized", batchSize: 1 })).toThrow(
      /dimensions/,
    );
  });

  it("rejects media inputs (text only)", async () => {
    const model = new LengthEmbedding();
    await expect(
      model.embed([{ type: "image", source: { type: "url", url: "https://x/y.png" } }]),
    ).rejects.toThrow(ValidationError);
    expect(model.batches).toEqual([]);
  });
});
