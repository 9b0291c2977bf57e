import type { Embedding } from "../embedding/embedding-response.js";
import { AgentScopeError } from "../errors/agentscope-error.js";
import type { Document } from "./document.js";

/** Options of {@link VDBStoreBase.search}; stores may accept more (filters, say). */
export interface VDBSearchOptions {
  /** How many documents to return at most. */
  limit: number;
  /** Only documents scoring above this are returned (`null`: no threshold). */
  scoreThreshold?: number | null;
  /** Store-specific search options. */
  [key: string]: unknown;
}

/**
 * A vector database store (AgentScope's `VDBStoreBase`): the layer between a knowledge base and
 * the actual vector database. Stores keep each document's embedding and metadata and return the
 * nearest documents, best first, with their `score`.
 */
export abstract class VDBStoreBase {
  /** Records `documents` (each with its `embedding`) in the store. */
  abstract add(documents: Document[], options?: Record<string, unknown>): Promise<void>;

  /** Deletes documents from the store; what selects them is store-specific. */
  abstract delete(...args: unknown[]): Promise<void>;

  /** The documents nearest to `queryEmbedding`, best first, with `score` set. */
  abstract search(queryEmbedding: Embedding, options: VDBSearchOptions): Promise<Document[]>;

  /** The underlying database client, for what this class does not wrap. */
  getClient(): unknown {
    throw new AgentScopeError(`getClient is not implemented for ${this.constructor.name}.`);
  }
}
