import type { Embedding } from "../embedding/embedding-response.js";
import { ValidationError } from "../errors/validation-error.js";
import type { Document } from "./document.js";
import { type VDBSearchOptions, VDBStoreBase } from "./vdb-store-base.js";
import { type Distance, higherIsBetter, vectorScore } from "./vector-similarity.js";

/** Options of {@link InMemoryVectorStore}. */
export interface InMemoryVectorStoreOptions {
  /** The metric: `"Cosine"` (default, score = similarity), `"Dot"`, or `"Euclid"` (score = distance, lower is better). */
  distance?: Distance;
}

/** Options of {@link InMemoryVectorStore.delete}. */
export interface InMemoryDeleteOptions {
  /** Deletes every chunk of these documents. */
  docIds?: string[];
}

// The store's key of a chunk: its document and index (chunks of one text share `id`).
const keyOf = (doc: Document) => `${doc.metadata.doc_id}\u0000${doc.metadata.chunk_id}`;

/**
 * A vector store in memory, for tests, small corpora and browsers: exact (brute-force) search over
 * every vector. Adding a chunk with the same `doc_id` and `chunk_id` again replaces it.
 */
export class InMemoryVectorStore extends VDBStoreBase {
  /** The metric. */
  readonly distance: Distance;
  readonly #docs = new Map<string, Document>();

  constructor(options: InMemoryVectorStoreOptions = {}) {
    super();
    this.distance = options.distance ?? "Cosine";
  }

  /** How many chunks the store holds. */
  get size(): number {
    return this.#docs.size;
  }

  /** Stores copies of `documents`; each needs its `embedding`. */
  async add(documents: Document[]): Promise<void> {
    const missing = documents.findIndex((d) => !Array.isArray(d.embedding));
    if (missing >= 0) {
      throw new ValidationError("documents", [
        {
          path: `[${missing}].embedding`,
          message: "required (embed documents before adding them)",
        },
      ]);
    }
    for (const doc of documents) this.#docs.set(keyOf(doc), structuredClone(doc));
  }

  /** Deletes every chunk of the documents `docIds`. */
  async delete(options: InMemoryDeleteOptions = {}): Promise<void> {
    const ids = new Set(options.docIds ?? []);
    for (const [key, doc] of this.#docs) if (ids.has(doc.metadata.doc_id)) this.#docs.delete(key);
  }

  /** The `limit` nearest chunks, best first, scoring at least `scoreThreshold` (Euclid: at most). */
  async search(queryEmbedding: Embedding, options: VDBSearchOptions): Promise<Document[]> {
    const { limit, scoreThreshold } = options;
    const higher = higherIsBetter(this.distance);
    const scored: Document[] = [];
    for (const doc of this.#docs.values()) {
      const score = vectorScore(this.distance, queryEmbedding, doc.embedding as Embedding);
      if (scoreThreshold != null && (higher ? score < scoreThreshold : score > scoreThreshold)) {
        continue;
      }
      scored.push({ ...structuredClone(doc), score });
    }
    scored.sort((a, b) => (higher ? b.score! - a.score! : a.score! - b.score!));
    return scored.slice(0, limit);
  }

  /** The map of stored chunks. */
  override getClient(): ReadonlyMap<string, Document> {
    return this.#docs;
  }
}
