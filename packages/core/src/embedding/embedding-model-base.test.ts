import { afterEach, describe, expect, it, vi } from "vitest";
import { InterruptedError } from "../errors/interrupted-error.js";
import { ModelError } from "../errors/model-error.js";
import { DeterministicEmbeddingModel } from "../testing/deterministic-embedding-model.js";
import type {
  EmbedRequest,
  EmbedResult,
  NormalizedEmbeddingInput,
} from "./embedding-model-base.js";
import { EmbeddingModelBase } from "./embedding-model-base.js";
import { InMemoryEmbeddingCache } from "./in-memory-embedding-cache.js";

class FlakyEmbedding extends EmbeddingModelBase {
  readonly provider = "flaky";
  failures: unknown[];
  calls = 0;
  constructor(failures: unknown[], hang = false) {
    super({ modelName: "flaky-embed", dimensions: 2, retry: { initialDelayMs: 1 } });
    this.failures = failures;
    this.hang = hang;
  }
  hang: boolean;
  protected async doEmbed(
    inputs: readonly NormalizedEmbeddingInput[],
    _r: EmbedRequest,
  ): Promise<EmbedResult> {
    this.calls++;
    if (this.hang) return new Promise(() => {});
    const failure = this.failures.shift();
    if (failure) throw failure;
    return { embeddings: inputs.map(() => [1, 0]), tokens: 3 };
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe("EmbeddingModelBase", () => {
  it("bounds a request that never answers by the default 600 000 ms requestTimeout", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const hanging = new FlakyEmbedding([], true);
    expect(hanging.requestTimeout).toBe(600_000);
    const outcome = hanging.embed(["x"], { maxRetries: 0 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(600_000);
    const error = await outcome;
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ retryable: true, provider: "flaky" });
    expect((error as Error).message).toMatch(/600000 ms \(requestTimeout\)/);
    expect(hanging.calls).toBe(1);
    expect(() => new DeterministicEmbeddingModel({ requestTimeout: -1 } as never)).toThrow(
      /requestTimeout/,
    );
  });

  it("embeds text and text blocks, one vector per input, with usage", async () => {
    const model = new DeterministicEmbeddingModel({ dimensions: 8 });
    const response = await model.embed(["hello world", { type: "text", text: "hello world" }]);
    expect(response.source).toBe("api");
    expect(response.embeddings).toHaveLength(2);
    expect(response.embeddings[0]).toEqual(response.embeddings[1]);
    expect(response.embeddings[0]).toHaveLength(8);
    expect(response.usage).toMatchObject({ tokens: 2 });
    expect(model.calls).toEqual([["hello world", "hello world"]]);
  });

  it("answers a repeated request from the cache, keyed by texts, model name and dimensions", async () => {
    const cache = new InMemoryEmbeddingCache();
    const model = new DeterministicEmbeddingModel({ embeddingCache: cache });
    const first = await model.embed(["a", "b"]);
    const second = await model.embed(["a", "b"]);
    expect(second.source).toBe("cache");
    expect(second.embeddings).toEqual(first.embeddings);
    expect(second.usage).toEqual({ time: 0, tokens: 0 });
    expect(model.calls).toHaveLength(1);

    await model.embed(["b", "a"]);
    expect(model.calls).toHaveLength(2);

    const otherName = new DeterministicEmbeddingModel({
      embeddingCache: cache,
      modelName: "other",
    });
    expect((await otherName.embed(["a", "b"])).source).toBe("api");
    const otherSize = new DeterministicEmbeddingModel({ embeddingCache: cache, dimensions: 4 });
    expect((await otherSize.embed(["a", "b"])).source).toBe("api");
    expect(cache.size).toBe(4);
  });

  it("retries retryable errors and gives up on others", async () => {
    const flaky = new FlakyEmbedding([Object.assign(new Error("overloaded"), { status: 529 })]);
    expect((await flaky.embed(["x"])).embeddings).toEqual([[1, 0]]);
    expect(flaky.calls).toBe(2);

    const broken = new FlakyEmbedding([new ModelError("bad key", { status: 401 })]);
    await expect(broken.embed(["x"])).rejects.toMatchObject({ status: 401 });
    expect(broken.calls).toBe(1);
  });

  it("times out and aborts", async () => {
    const hanging = new FlakyEmbedding([], true);
    await expect(hanging.embed(["x"], { timeout: 10, maxRetries: 0 })).rejects.toMatchObject({
      retryable: true,
      message: expect.stringMatching(/timed out after 10 ms/),
    });
    const controller = new AbortController();
    const pending = hanging.embed(["x"], { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(InterruptedError);
  });

  it("rejects inputs the model cannot embed, naming the position", async () => {
    const model = new DeterministicEmbeddingModel();
    await expect(
      model.embed(["ok", { type: "image", source: { type: "url", url: "x.png" } }]),
    ).rejects.toThrow(/\[1\]: cannot embed "image"/);
  });

  it("validates its options", () => {
    expect(() => new DeterministicEmbeddingModel({ dimensions: 0 })).toThrow(/dimensions/);
  });
});

describe("InMemoryEmbeddingCache", () => {
  it("stores, retrieves, keeps or overwrites, removes and clears", async () => {
    const cache = new InMemoryEmbeddingCache();
    await cache.store([[1, 2]], { model: "m", input: ["a"] });
    expect(await cache.retrieve({ input: ["a"], model: "m" })).toEqual([[1, 2]]);
    await cache.store([[3, 4]], { model: "m", input: ["a"] });
    expect(await cache.retrieve({ model: "m", input: ["a"] })).toEqual([[1, 2]]);
    await cache.store([[3, 4]], { model: "m", input: ["a"] }, true);
    expect(await cache.retrieve({ model: "m", input: ["a"] })).toEqual([[3, 4]]);
    const copy = await cache.retrieve({ model: "m", input: ["a"] });
    copy![0]![0] = 99;
    expect(await cache.retrieve({ model: "m", input: ["a"] })).toEqual([[3, 4]]);
    await cache.remove({ model: "m", input: ["a"] });
    expect(await cache.retrieve({ model: "m", input: ["a"] })).toBeUndefined();
    await cache.store([[1]], "x");
    await cache.clear();
    expect(cache.size).toBe(0);
  });

  it("drops the least recently used entry beyond maxEntries", async () => {
    const cache = new InMemoryEmbeddingCache({ maxEntries: 2 });
    await cache.store([[1]], "a");
    await cache.store([[2]], "b");
    await cache.retrieve("a");
    await cache.store([[3]], "c");
    expect(await cache.retrieve("b")).toBeUndefined();
    expect(await cache.retrieve("a")).toEqual([[1]]);
    expect(await cache.retrieve("c")).toEqual([[3]]);
  });
});
