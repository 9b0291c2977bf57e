import type { ChatModelBase, EmbeddingModelBase } from "@agentscope-ts/core";
import type { MemoryConfig } from "mem0ai/oss";
import type { Mem0ChatMessage } from "../adapter/agentscope-llm.js";

/** mem0's vector store setting: a provider and its config (e.g. `{ provider: "memory", config: { dbPath } }`). */
export type Mem0VectorStoreConfig = MemoryConfig["vectorStore"];

/** The hosted mode: mem0's platform, reached with an API key. */
export interface Mem0HostedOptions {
  /** The platform API key (`m0-…`). */
  apiKey: string;
  /** The platform URL. Default `https://api.mem0.ai`. */
  host?: string;
}

/** Options of {@link Mem0LongTermMemory} (AgentScope's keyword arguments, camelCased). */
export interface Mem0LongTermMemoryOptions {
  /** The agent's name: mem0's `agent_id`. Needed for mem0 to extract from assistant messages. */
  agentName?: string;
  /** The user's name: mem0's `user_id`. */
  userName?: string;
  /** The run or session name: mem0's `run_id`. */
  runName?: string;
  /** The chat model mem0 extracts memories with (required without `mem0Config` or `hosted`). */
  model?: ChatModelBase<Mem0ChatMessage>;
  /** The embedding model mem0 embeds with (required without `mem0Config` or `hosted`). */
  embeddingModel?: EmbeddingModelBase;
  /**
   * mem0's vector store. Default: mem0's in-process `memory` store, in
   * `<storageDir>/vector_store.db`, or in memory only when `onDisk` is `false`.
   */
  vectorStoreConfig?: Mem0VectorStoreConfig;
  /**
   * A whole mem0 `MemoryConfig`; `model`, `embeddingModel` and `vectorStoreConfig` override its
   * parts when given.
   */
  mem0Config?: Partial<MemoryConfig>;
  /**
   * The memory type recorded by default (AgentScope's `default_memory_type`). mem0's TypeScript
   * SDK has no memory types, so it is stored as `memory_type` in each memory's metadata.
   */
  defaultMemoryType?: string;
  /** Keep the vector store and history in files under `storageDir` (default `true`). */
  onDisk?: boolean;
  /** The folder of the default stores. Default `~/.agentscope/mem0`. */
  storageDir?: string;
  /** Let mem0 send its anonymous usage telemetry. Default `false` (sets `MEM0_TELEMETRY=false`). */
  telemetry?: boolean;
  /** Use mem0's hosted platform instead of the in-process `Memory`. */
  hosted?: Mem0HostedOptions;
}
