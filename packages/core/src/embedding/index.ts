export { EmbeddingCacheBase, type EmbeddingCacheIdentifier } from "./embedding-cache-base.js";
export {
  type EmbeddingInput,
  EmbeddingModelBase,
  type EmbeddingModelBaseOptions,
  type EmbedOptions,
  type EmbedRequest,
  type EmbedResult,
  type NormalizedEmbeddingInput,
} from "./embedding-model-base.js";
export {
  createEmbeddingResponse,
  type Embedding,
  type EmbeddingResponse,
  type EmbeddingUsage,
} from "./embedding-response.js";
export {
  InMemoryEmbeddingCache,
  type InMemoryEmbeddingCacheOptions,
} from "./in-memory-embedding-cache.js";
export { stableStringify } from "./stable-stringify.js";
