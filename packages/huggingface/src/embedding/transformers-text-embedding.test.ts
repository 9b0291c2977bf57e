import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { InMemoryEmbeddingCache } from "@agentscope-ts/core";
import { env, type ProgressInfo } from "@huggingface/transformers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HuggingFaceModelNotFoundError } from "../loading/model-not-found-error.js";
import { writeTinyBertModel } from "../testing/tiny-bert-model.js";
import { TransformersTextEmbedding } from "./transformers-text-embedding.js";

env.allowRemoteModels = false;

const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);
const norm = (a: number[]) => Math.sqrt(dot(a, a));
const cosine = (a: number[], b: number[]) => dot(a, b) / (norm(a) * norm(b));

const texts = [
  "The cat sat on the mat.",
  "A cat sat on a rug.",
  "Stock prices fell sharply today!",
  "Quantum physics is hard.",
  "The dog ran in the park, music plays loud.",
];

describe("TransformersTextEmbedding with a generated BERT-style ONNX model", () => {
  let dir: string;
  let modelDir: string;
  let model: TransformersTextEmbedding;
  const progress: ProgressInfo[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "hf-embed-"));
    modelDir = await writeTinyBertModel(path.join(dir, "tiny-bert"), { hidden: 64 });
    model = new TransformersTextEmbedding({
      modelName: modelDir,
      dimensions: 64,
      progressCallback: (info) => progress.push(info),
    });
    await model.load();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("gives normalised vectors of the declared dimension, on CPU by default", async () => {
    const response = await model.embed(texts);
    expect(response.source).toBe("api");
    expect(response.embeddings).toHaveLength(texts.length);
    for (const vector of response.embeddings) {
      expect(vector).toHaveLength(64);
      expect(norm(vector)).toBeCloseTo(1, 5);
    }
    expect(model.device).toBe("cpu");
    expect(model.pooling).toBe("mean");
  });

  it("scores texts that share words closer than unrelated ones", async () => {
    const [cat, rug, stocks, physics] = (await model.embed(texts.slice(0, 4))).embeddings as [
      number[],
      number[],
      number[],
      number[],
    ];
    expect(cosine(cat, rug)).toBeGreaterThan(cosine(cat, stocks));
    expect(cosine(cat, rug)).toBeGreaterThan(cosine(cat, physics));
    expect(cosine(rug, cat)).toBeGreaterThan(cosine(rug, stocks));
  });

  it("leaves vectors unnormalised when asked, the same direction as normalised", async () => {
    const raw = new TransformersTextEmbedding({
      modelName: modelDir,
      dimensions: 64,
      normalize: false,
    });
    const [unit, plain] = await Promise.all([model.embed(texts), raw.embed(texts)]);
    const norms = plain.embeddings.map(norm);
    expect(norms.some((n) => Math.abs(n - 1) > 0.05)).toBe(true);
    plain.embeddings.forEach((vector, i) => {
      const scaled = vector.map((x) => x / (norms[i] ?? 1));
      scaled.forEach((x, j) => {
        expect(x).toBeCloseTo(unit.embeddings[i]?.[j] ?? Number.NaN, 5);
      });
    });
  });

  it("embeds in batches, keeping input order", async () => {
    const batched = new TransformersTextEmbedding({
      modelName: modelDir,
      dimensions: 64,
      batchSize: 2,
    });
    const [all, inBatches] = await Promise.all([model.embed(texts), batched.embed(texts)]);
    expect(inBatches.embeddings).toHaveLength(texts.length);
    inBatches.embeddings.forEach((vector, i) => {
      vector.forEach((x, j) => {
        expect(x).toBeCloseTo(all.embeddings[i]?.[j] ?? Number.NaN, 5);
      });
    });
  });

  it("pools as asked: the [CLS] vector ignores the words in a model without attention", async () => {
    const cls = new TransformersTextEmbedding({
      modelName: modelDir,
      dimensions: 64,
      pooling: "cls",
    });
    const [first, second] = (await cls.embed(texts.slice(0, 2))).embeddings as [number[], number[]];
    expect(cosine(first, second)).toBeCloseTo(1, 5);
    const [meanFirst, meanSecond] = (await model.embed(texts.slice(0, 2))).embeddings as [
      number[],
      number[],
    ];
    expect(cosine(meanFirst, meanSecond)).toBeLessThan(0.99);
  });

  it("answers a repeated request from core's embedding cache", async () => {
    const cache = new InMemoryEmbeddingCache();
    const cached = new TransformersTextEmbedding({
      modelName: modelDir,
      dimensions: 64,
      embeddingCache: cache,
    });
    const first = await cached.embed(["the cat sat", { type: "text", text: "the dog ran" }]);
    const second = await cached.embed(["the cat sat", "the dog ran"]);
    expect(first.source).toBe("api");
    expect(second.source).toBe("cache");
    expect(second.embeddings).toEqual(first.embeddings);
    expect(cache.size).toBe(1);
  });

  it("reports loading progress through the callback", () => {
    const statuses = progress.map((p) => p.status);
    expect(statuses).toContain("initiate");
    expect(statuses.at(-1)).toBe("ready");
    expect(progress).toContainEqual(
      expect.objectContaining({ status: "done", file: "onnx/model.onnx" }),
    );
    expect(progress).toContainEqual(
      expect.objectContaining({ status: "progress_total", progress: 100 }),
    );
  });

  it("rejects a model whose vectors are not the declared dimension", async () => {
    const wrong = new TransformersTextEmbedding({ modelName: modelDir, dimensions: 16 });
    await expect(wrong.embed(["the cat"])).rejects.toThrow(
      /gives 64-dimensional vectors, but dimensions is 16/,
    );
  });

  it("names the path and the expected files when the model folder is missing", async () => {
    const missing = path.join(dir, "no-such-model");
    const error = await new TransformersTextEmbedding({ modelName: missing, dimensions: 64 })
      .embed(["x"])
      .catch((e) => e);
    expect(error).toBeInstanceOf(HuggingFaceModelNotFoundError);
    expect(error.message).toContain(missing);
    expect(error.expectedFiles).toEqual([
      "config.json",
      "tokenizer.json",
      "tokenizer_config.json",
      "onnx/model.onnx",
    ]);
    const quantized = await new TransformersTextEmbedding({
      modelName: modelDir,
      dimensions: 64,
      dtype: "q8",
    })
      .load()
      .catch((e) => e);
    expect(quantized).toBeInstanceOf(HuggingFaceModelNotFoundError);
    expect(quantized.message).toMatch(/lacks onnx\/model_quantized\.onnx/);
  });

  it("validates its options", () => {
    expect(
      () => new TransformersTextEmbedding({ modelName: modelDir, dimensions: 64, batchSize: 0 }),
    ).toThrow(/batchSize: expected a positive integer/);
    expect(
      () =>
        new TransformersTextEmbedding({
          modelName: modelDir,
          dimensions: 64,
          pooling: "max" as never,
        }),
    ).toThrow(/pooling: expected one of/);
  });
});
