import {
  AgentScopeError,
  createDocument,
  type DocMetadata,
  type Document,
  type Embedding,
  ValidationError,
  type VDBSearchOptions,
  VDBStoreBase,
} from "@agentscope-ts/core";
import { pythonJsonDumps } from "@agentscope-ts/core/node";
import { QdrantClient } from "@qdrant/js-client-rest";
import { uuid3 } from "./uuid3.js";

/** Qdrant's distance metrics. */
export type QdrantDistance = "Cosine" | "Euclid" | "Dot" | "Manhattan";

/** Options of {@link QdrantStore} (AgentScope's `QdrantStore` keyword arguments). */
export interface QdrantStoreOptions {
  /** The Qdrant server URL, e.g. `"http://localhost:6333"`. (Python's local `":memory:"` and folder modes have no JS client.) */
  location: string;
  /** The collection, created on first use. */
  collectionName: string;
  /** The vector size. */
  dimensions: number;
  /** The metric. Default `"Cosine"`. */
  distance?: QdrantDistance;
  /** More options of `QdrantClient` (`apiKey`, `timeout`, `headers`, `checkCompatibility`…). */
  clientKwargs?: Record<string, unknown>;
  /** More fields of the create-collection request (`hnsw_config`, `on_disk_payload`…). */
  collectionKwargs?: Record<string, unknown>;
  /** Use this client instead of building one from `location` and `clientKwargs`. */
  client?: QdrantClient;
}

/** Options of {@link QdrantStore.search}: besides these, any field of Qdrant's query request (`filter`, `params`…). */
export interface QdrantSearchOptions extends VDBSearchOptions {}

/** Options of {@link QdrantStore.delete}. */
export interface QdrantDeleteOptions {
  /** Deletes every chunk of these documents (a filter on the payload's `doc_id`). */
  docIds?: readonly string[];
  /** Deletes the points matching this Qdrant filter. */
  filter?: Record<string, unknown>;
}

const DISTANCES: readonly QdrantDistance[] = ["Cosine", "Euclid", "Dot", "Manhattan"];

/**
 * A vector store on a Qdrant server (AgentScope's `QdrantStore`), through the official
 * `@qdrant/js-client-rest`. The collection is created on first `add`; each chunk is a point whose
 * id is `uuid3(NAMESPACE_DNS, json.dumps({doc_id, chunk_id, content}))` (so re-adding a chunk
 * replaces it, and ids equal the Python store's) and whose payload is the chunk's metadata.
 */
export class QdrantStore extends VDBStoreBase {
  /** The collection. */
  readonly collectionName: string;
  /** The vector size. */
  readonly dimensions: number;
  /** The metric. */
  readonly distance: QdrantDistance;
  /** More fields of the create-collection request. */
  readonly collectionKwargs: Record<string, unknown>;
  readonly #client: QdrantClient;
  #collectionReady: Promise<void> | undefined;

  constructor(options: QdrantStoreOptions) {
    super();
    const { location, collectionName, dimensions, distance = "Cosine" } = options ?? {};
    const issues = [];
    if (!options?.client) {
      if (typeof location !== "string" || !/^https?:\/\//.test(location)) {
        issues.push({
          path: "location",
          message: `expected a server URL such as http://localhost:6333, got ${JSON.stringify(location)} (the JS client has no local ":memory:" or folder mode; use InMemoryVectorStore or @agentscope-ts/sqlite's SqliteVectorStore instead)`,
        });
      }
    }
    if (typeof collectionName !== "string" || collectionName === "") {
      issues.push({ path: "collectionName", message: "required (a non-empty string)" });
    }
    if (!Number.isInteger(dimensions) || dimensions <= 0) {
      issues.push({ path: "dimensions", message: "expected a positive integer" });
    }
    if (!DISTANCES.includes(distance)) {
      issues.push({ path: "distance", message: `expected one of ${DISTANCES.join(", ")}` });
    }
    if (issues.length > 0) throw new ValidationError("QdrantStore options", issues);
    this.collectionName = collectionName;
    this.dimensions = dimensions;
    this.distance = distance;
    this.collectionKwargs = options.collectionKwargs ?? {};
    this.#client = options.client ?? new QdrantClient({ url: location, ...options.clientKwargs });
  }

  // Creates the collection when it does not exist (once per store; retried after a failure).
  #validateCollection(): Promise<void> {
    this.#collectionReady ??= (async () => {
      const { exists } = await this.#client.collectionExists(this.collectionName);
      if (exists) return;
      await this.#client.createCollection(this.collectionName, {
        vectors: { size: this.dimensions, distance: this.distance },
        ...this.collectionKwargs,
      });
    })().catch((error: unknown) => {
      this.#collectionReady = undefined;
      throw wrap(error, `prepare the collection ${this.collectionName}`);
    });
    return this.#collectionReady;
  }

  /** The point id of a chunk, as the Python store computes it. */
  static pointId(metadata: DocMetadata): string {
    return uuid3(
      pythonJsonDumps({
        doc_id: metadata.doc_id,
        chunk_id: metadata.chunk_id,
        content: metadata.content,
      }),
    );
  }

  /** Upserts `documents` (each with its `embedding`) as points, creating the collection first. */
  async add(documents: Document[]): Promise<void> {
    documents.forEach((doc, i) => {
      if (!Array.isArray(doc.embedding) || doc.embedding.length !== this.dimensions) {
        throw new ValidationError("documents", [
          {
            path: `[${i}].embedding`,
            message: `expected ${this.dimensions} numbers, got ${Array.isArray(doc.embedding) ? doc.embedding.length : String(doc.embedding)}`,
          },
        ]);
      }
    });
    await this.#validateCollection();
    try {
      await this.#client.upsert(this.collectionName, {
        wait: true,
        points: documents.map((doc) => ({
          id: QdrantStore.pointId(doc.metadata),
          vector: doc.embedding as number[],
          payload: { ...doc.metadata },
        })),
      });
    } catch (error) {
      throw wrap(error, `upsert ${documents.length} points into ${this.collectionName}`);
    }
  }

  /** The `limit` nearest chunks, best first, as Qdrant scores them. */
  async search(queryEmbedding: Embedding, options: QdrantSearchOptions): Promise<Document[]> {
    const { limit, scoreThreshold = null, ...rest } = options;
    let res: Awaited<ReturnType<QdrantClient["query"]>>;
    try {
      res = await this.#client.query(this.collectionName, {
        query: queryEmbedding,
        limit,
        score_threshold: scoreThreshold,
        with_payload: true,
        ...rest,
      });
    } catch (error) {
      throw wrap(error, `query ${this.collectionName}`);
    }
    return res.points.map((point) =>
      createDocument(point.payload as unknown as DocMetadata, {
        embedding: Array.isArray(point.vector) ? (point.vector as number[]) : null,
        score: point.score,
      }),
    );
  }

  /** Deletes the chunks of `docIds` and the points matching `filter`. */
  async delete(options: QdrantDeleteOptions = {}): Promise<void> {
    const filters: Record<string, unknown>[] = [];
    if (options.docIds && options.docIds.length > 0) {
      filters.push({ must: [{ key: "doc_id", match: { any: [...options.docIds] } }] });
    }
    if (options.filter) filters.push(options.filter);
    try {
      for (const filter of filters) {
        await this.#client.delete(this.collectionName, { wait: true, filter });
      }
    } catch (error) {
      throw wrap(error, `delete points from ${this.collectionName}`);
    }
  }

  /** The `QdrantClient`, for what this class does not wrap. */
  override getClient(): QdrantClient {
    return this.#client;
  }
}

// A client error as an AgentScopeError naming the operation (5xx and network errors retryable).
function wrap(error: unknown, what: string): AgentScopeError {
  if (error instanceof AgentScopeError) return error;
  const status = (error as { status?: number }).status;
  const detail =
    (error as { data?: { status?: { error?: string } } }).data?.status?.error ??
    (error as Error).message;
  return new AgentScopeError(
    `Qdrant could not ${what}${status ? ` (HTTP ${status})` : ""}: ${detail}`,
    { cause: error, retryable: status === undefined || status >= 500 || status === 429 },
  );
}
