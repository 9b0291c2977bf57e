import { homedir } from "node:os";
import { join } from "node:path";
import { ValidationError } from "@agentscope-ts/core";
import type { MemoryConfig } from "mem0ai/oss";
import { AGENTSCOPE_PROVIDER } from "../adapter/load-mem0.js";
import type { Mem0LongTermMemoryOptions } from "./mem0-long-term-memory-options.js";

/** The default folder of the on-disk vector store and history: `~/.agentscope/mem0`. */
export function defaultStorageDir(): string {
  return join(homedir(), ".agentscope", "mem0");
}

/**
 * The mem0 `MemoryConfig` for the options, as the reference builds it: `mem0Config` (when given)
 * with `model`, `embeddingModel` and `vectorStoreConfig` overriding its parts; otherwise a new
 * config from `model` and `embeddingModel` (both then required). Our additions: the default
 * vector store and history live under `storageDir` (or in memory when `onDisk` is `false`), and
 * the vector size is taken from the embedding model, so mem0 does not probe it with an extra call.
 */
export function buildMem0Config(options: Mem0LongTermMemoryOptions): Partial<MemoryConfig> {
  const { model, embeddingModel, vectorStoreConfig, mem0Config } = options;
  if (!mem0Config && (!model || !embeddingModel)) {
    throw new ValidationError(
      "Mem0LongTermMemory options",
      [
        ...(model ? [] : [{ path: "model", message: "required when mem0Config is not given" }]),
        ...(embeddingModel
          ? []
          : [{ path: "embeddingModel", message: "required when mem0Config is not given" }]),
      ],
      { hint: "Pass a chat model and an embedding model, a mem0Config, or hosted: { apiKey }." },
    );
  }
  const onDisk = options.onDisk ?? true;
  const dir = options.storageDir ?? defaultStorageDir();
  const config: Partial<MemoryConfig> = { ...mem0Config };
  if (model) config.llm = { provider: AGENTSCOPE_PROVIDER, config: { model } };
  if (embeddingModel) {
    config.embedder = {
      provider: AGENTSCOPE_PROVIDER,
      config: { model: embeddingModel, embeddingDims: embeddingModel.dimensions },
    };
  }
  if (vectorStoreConfig) {
    config.vectorStore = vectorStoreConfig;
  } else if (!config.vectorStore) {
    config.vectorStore = {
      provider: "memory",
      config: {
        collectionName: "memories",
        dbPath: onDisk ? join(dir, "vector_store.db") : ":memory:",
      },
    };
  }
  if (embeddingModel && !config.vectorStore.config.dimension) {
    config.vectorStore = {
      ...config.vectorStore,
      config: { ...config.vectorStore.config, dimension: embeddingModel.dimensions },
    };
  }
  if (!config.historyStore && !config.historyDbPath && !config.disableHistory) {
    config.historyStore = onDisk
      ? { provider: "sqlite", config: { historyDbPath: join(dir, "history.db") } }
      : { provider: "memory", config: {} };
  }
  return config;
}
