import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRegistry, RegistryError, ValidationError } from "@agentscope-ts/core";
import { env } from "@huggingface/transformers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TransformersTextEmbedding } from "../embedding/transformers-text-embedding.js";
import { writeTinyBertModel } from "../testing/tiny-bert-model.js";
import { HuggingFaceTokenCounter } from "../token/huggingface-token-counter.js";
import { huggingface } from "./huggingface-provider.js";

env.allowRemoteModels = false;

describe("huggingface() provider", () => {
  let dir: string;
  let modelDir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "hf-provider-"));
    modelDir = await writeTinyBertModel(path.join(dir, "tiny-bert"), { hidden: 16 });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("resolves token counters and embeddings through core's registry", async () => {
    const registry = createRegistry().register(
      huggingface({ localFilesOnly: true, embedding: { batchSize: 4, normalize: false } }),
    );
    const counter = registry.tokenCounter("huggingface:Qwen/Qwen3-8B", {
      templateKwargs: { enable_thinking: false },
    });
    expect(counter).toBeInstanceOf(HuggingFaceTokenCounter);
    expect((counter as HuggingFaceTokenCounter).pretrainedModelNameOrPath).toBe("Qwen/Qwen3-8B");

    const embedding = registry.embedding(`huggingface:${modelDir}`, { dimensions: 16 });
    expect(embedding).toBeInstanceOf(TransformersTextEmbedding);
    expect(embedding).toMatchObject({
      modelName: modelDir,
      dimensions: 16,
      batchSize: 4,
      normalize: false,
      pooling: "mean",
    });
    const response = await embedding.embed(["the cat sat", "the dog ran"]);
    expect(response.embeddings.map((v) => v.length)).toEqual([16, 16]);
  });

  it("takes embedding dimensions from the provider's defaults, and refuses a non-number", () => {
    const registry = createRegistry().register(huggingface({ embedding: { dimensions: 16 } }));
    expect(registry.embedding(`huggingface:${modelDir}`)).toMatchObject({ dimensions: 16 });
    expect(registry.embedding(`huggingface:${modelDir}`, { dimensions: 8 })).toMatchObject({
      dimensions: 8,
    });
    // A registry filled without chaining takes untyped options, as apps reading settings do.
    const bare = createRegistry();
    bare.register(huggingface());
    for (const dimensions of [undefined, "16"]) {
      const build = () => bare.embedding(`huggingface:${modelDir}`, { dimensions });
      expect(build).toThrow(ValidationError);
      expect(build).toThrow(/dimensions: expected a positive integer/);
    }
  });

  it("passes hub options on: localFilesOnly keeps a hub id off the network", async () => {
    const registry = createRegistry().register(huggingface({ id: "hf", localFilesOnly: true }));
    await expect(
      (
        registry.tokenCounter("hf:meta-llama/Llama-3.1-8B-Instruct") as HuggingFaceTokenCounter
      ).load(),
    ).rejects.toThrow(/No Hugging Face model found.*Llama-3\.1-8B-Instruct/);
  });

  it("says what to use instead of its chat models and formatters", () => {
    const registry = createRegistry().register(huggingface());
    expect(() => registry.chatModel("huggingface:Qwen/Qwen3-8B")).toThrow(RegistryError);
    expect(() => registry.chatModel("huggingface:Qwen/Qwen3-8B")).toThrow(/llama-cpp/);
    expect(() => registry.formatter("huggingface")).toThrow(/not formatters/);
  });
});
