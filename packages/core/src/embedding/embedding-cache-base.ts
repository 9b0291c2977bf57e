import type { Embedding } from "./embedding-response.js";

/**
 * What identifies a cached batch of embeddings: any JSON value. Embedding models use
 * `{ input, model, dimensions, ... }` (the request), so a hit needs the same texts, model and size.
 */
export type EmbeddingCacheIdentifier = unknown;

/**
 * Stores and retrieves embeddings by identifier (AgentScope's `EmbeddingCacheBase`), so repeated
 * requests skip the API. Pass one as `embeddingCache` to an embedding model.
 */
export abstract class EmbeddingCacheBase {
  /** Stores `embeddings` under `identifier`; an existing entry is kept unless `overwrite`. */
  abstract store(
    embeddings: Embedding[],
    identifier: EmbeddingCacheIdentifier,
    overwrite?: boolean,
  ): Promise<void>;

  /** The embeddings stored under `identifier`, or `undefined` when there are none. */
  abstract retrieve(identifier: EmbeddingCacheIdentifier): Promise<Embedding[] | undefined>;

  /** Removes the entry of `identifier`, if any. */
  abstract remove(identifier: EmbeddingCacheIdentifier): Promise<void>;

  /** Removes every entry. */
  abstract clear(): Promise<void>;
}
