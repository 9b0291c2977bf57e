/**
 * `@agentscope-ts/mem0`: long-term memory for AgentScope-TS agents on mem0 — its open-source
 * `Memory` in this process, driven by any AgentScope-TS chat and embedding model, or its hosted
 * platform. Node only (mem0's stores use `better-sqlite3`).
 */
export { AgentScopeEmbedder } from "./adapter/agentscope-embedder.js";
export { AgentScopeLLM } from "./adapter/agentscope-llm.js";
export { AGENTSCOPE_PROVIDER, loadMem0Hosted, loadMem0Oss } from "./adapter/load-mem0.js";
export { HostedMem0Backend } from "./backend/hosted-mem0-backend.js";
export { LocalMem0Backend } from "./backend/local-mem0-backend.js";
export type {
  Mem0AddOptions,
  Mem0Backend,
  Mem0MemoryItem,
  Mem0Message,
  Mem0Relation,
  Mem0Result,
  Mem0Scope,
} from "./backend/mem0-backend.js";
export { buildMem0Config, defaultStorageDir } from "./memory/build-mem0-config.js";
export {
  Mem0LongTermMemory,
  type Mem0RecordOptions,
  type Mem0RecordResult,
  type Mem0RetrieveOptions,
} from "./memory/mem0-long-term-memory.js";
export type {
  Mem0HostedOptions,
  Mem0LongTermMemoryOptions,
  Mem0VectorStoreConfig,
} from "./memory/mem0-long-term-memory-options.js";
