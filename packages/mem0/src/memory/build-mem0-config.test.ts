import { join } from "node:path";
import { ValidationError } from "@agentscope-ts/core";
import { DeterministicEmbeddingModel, ScriptedChatModel } from "@agentscope-ts/core/testing";
import { describe, expect, it } from "vitest";
import { buildMem0Config, defaultStorageDir } from "./build-mem0-config.js";
import { Mem0LongTermMemory } from "./mem0-long-term-memory.js";

const model = new ScriptedChatModel();
const embeddingModel = new DeterministicEmbeddingModel({ dimensions: 32 });

describe("buildMem0Config", () => {
  it("plugs our models in as the agentscope provider, stores on disk under storageDir", () => {
    const config = buildMem0Config({ model, embeddingModel, storageDir: "/data/mem" });
    expect(config.llm).toEqual({ provider: "agentscope", config: { model } });
    expect(config.embedder).toEqual({
      provider: "agentscope",
      config: { model: embeddingModel, embeddingDims: 32 },
    });
    expect(config.vectorStore).toEqual({
      provider: "memory",
      config: { collectionName: "memories", dbPath: "/data/mem/vector_store.db", dimension: 32 },
    });
    expect(config.historyStore).toEqual({
      provider: "sqlite",
      config: { historyDbPath: "/data/mem/history.db" },
    });
    expect(defaultStorageDir()).toMatch(/\.agentscope[/\\]mem0$/);
    expect(buildMem0Config({ model, embeddingModel }).historyStore?.config.historyDbPath).toBe(
      join(defaultStorageDir(), "history.db"),
    );
  });

  it("keeps everything in memory when onDisk is false", () => {
    const config = buildMem0Config({ model, embeddingModel, onDisk: false });
    expect(config.vectorStore?.config.dbPath).toBe(":memory:");
    expect(config.historyStore).toEqual({ provider: "memory", config: {} });
  });

  it("lets model, embeddingModel and vectorStoreConfig override mem0Config", () => {
    const mem0Config = {
      llm: { provider: "openai", config: { model: "gpt-4.1-mini" } },
      embedder: { provider: "openai", config: { model: "text-embedding-3-small" } },
      vectorStore: { provider: "qdrant", config: { collectionName: "c", dimension: 1536 } },
      historyStore: { provider: "memory", config: {} },
      customInstructions: "Only food.",
    };
    const kept = buildMem0Config({ mem0Config });
    expect(kept).toEqual(mem0Config);
    const overridden = buildMem0Config({
      mem0Config,
      model,
      vectorStoreConfig: { provider: "memory", config: { dbPath: ":memory:" } },
    });
    expect(overridden.llm?.provider).toBe("agentscope");
    expect(overridden.embedder?.provider).toBe("openai");
    expect(overridden.vectorStore).toEqual({ provider: "memory", config: { dbPath: ":memory:" } });
    expect(overridden.customInstructions).toBe("Only food.");
  });

  it("requires both models without mem0Config, naming the missing one", () => {
    expect(() => buildMem0Config({ model })).toThrow(ValidationError);
    expect(() => buildMem0Config({ model })).toThrow(/embeddingModel: required when mem0Config/);
  });
});

describe("Mem0LongTermMemory options", () => {
  it("requires an agent, user or run name", () => {
    expect(() => new Mem0LongTermMemory({ model, embeddingModel })).toThrow(
      /at least one of agentName, userName and runName is required/,
    );
  });

  it("checks the models at construction, and the API key in hosted mode", () => {
    expect(() => new Mem0LongTermMemory({ userName: "a", embeddingModel })).toThrow(
      /model: required/,
    );
    expect(() => new Mem0LongTermMemory({ userName: "a", hosted: { apiKey: "" } })).toThrow(
      /hosted.apiKey: required/,
    );
    expect(
      () => new Mem0LongTermMemory({ userName: "a", hosted: { apiKey: "m0-x" } }),
    ).not.toThrow();
  });

  it("rejects what is not a Msg", async () => {
    const ltm = new Mem0LongTermMemory({ userName: "a", model, embeddingModel, onDisk: false });
    await expect(ltm.record(["hi" as never])).rejects.toThrow(/msgs\[0\]: expected a Msg/);
    await expect(ltm.retrieve({} as never)).rejects.toThrow(/msg: expected a Msg/);
    expect(await ltm.retrieve(null)).toBe("");
    expect(await ltm.record([null])).toEqual({ results: [] });
  });
});
