import { EmbeddingCacheBase, type EmbeddingCacheIdentifier } from "./embedding-cache-base.js";
import type { Embedding } from "./embedding-response.js";
import { stableStringify } from "./stable-stringify.js";

/** Options of {@link InMemoryEmbeddingCache}. */
export interface InMemoryEmbeddingCacheOptions {
  /** The most entries kept; the least recently used go first. Default: no limit. */
  maxEntries?: number;
}

/**
 * An embedding cache in memory (works in browsers), keyed by the identifier's JSON with sorted
 * keys. Vectors are copied in and out, so callers cannot change cached values.
 */
export class InMemoryEmbeddingCache extends EmbeddingCacheBase {
  /** The most entries kept. */
  readonly maxEntries: number | undefined;
  private readonly entries = new Map<string, Embedding[]>();

  constructor(options: InMemoryEmbeddingCacheOptions = {}) {
    super();
    this.maxEntries = options.maxEntries;
  }

  /** The number of cached entries. */
  get size(): number {
    return this.entries.size;
  }

  async store(
    embeddings: Embedding[],
    identifier: EmbeddingCacheIdentifier,
    overwrite = false,
  ): Promise<void> {
    const key = stableStringify(identifier);
    if (this.entries.has(key) && !overwrite) return;
    this.entries.delete(key);
    this.entries.set(
      key,
      embeddings.map((v) => [...v]),
    );
    if (this.maxEntries !== undefined) {
      while (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value as string;
        this.entries.delete(oldest);
      }
    }
  }

  async retrieve(identifier: EmbeddingCacheIdentifier): Promise<Embedding[] | undefined> {
    const key = stableStringify(identifier);
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.map((v) => [...v]);
  }

  async remove(identifier: EmbeddingCacheIdentifier): Promise<void> {
    this.entries.delete(stableStringify(identifier));
  }

  async clear(): Promise<void> {
    this.entries.clear();
  }
}
