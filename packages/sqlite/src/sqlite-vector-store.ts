import { DatabaseSync } from "node:sqlite";
import {
  AgentScopeError,
  type Distance,
  type Document,
  type Embedding,
  ValidationError,
  type VDBSearchOptions,
  VDBStoreBase,
} from "@agentscope-ts/core";
import * as sqliteVec from "sqlite-vec";
import { filterToSql, type MetadataFilter } from "./sql-filter.js";

/** Options of {@link SqliteVectorStore}. */
export interface SqliteVectorStoreOptions {
  /** The database file (created when missing), or `":memory:"`. */
  path: string;
  /** The table holding the chunks. Default `"documents"`. */
  collectionName?: string;
  /** The vector size. */
  dimensions: number;
  /** `"Cosine"` (default; score = cosine similarity), `"Dot"` (dot product) or `"Euclid"` (score = L2 distance, lower is better), as Qdrant scores them. */
  distance?: Distance;
}

/** Options of {@link SqliteVectorStore.search}. */
export interface SqliteSearchOptions extends VDBSearchOptions {
  /** Only chunks whose metadata match. */
  filter?: MetadataFilter;
  /** Return the stored vectors in `embedding` too. Default `false`. */
  withVectors?: boolean;
}

/** Options of {@link SqliteVectorStore.delete}. */
export interface SqliteDeleteOptions {
  /** Deletes every chunk of these documents. */
  docIds?: readonly string[];
  /** Deletes the chunks whose metadata match. */
  filter?: MetadataFilter;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const DISTANCES: readonly Distance[] = ["Cosine", "Euclid", "Dot"];

interface Row {
  id: string;
  metadata: string;
  score: number;
  embedding?: Uint8Array;
}

const norm = (v: readonly number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

/**
 * The embedded vector store: one SQLite file, no server. Chunks live in one table (metadata as
 * JSON, vectors as float32 blobs) and are searched exactly with `sqlite-vec`'s distance functions,
 * with metadata filters in the same query. Adding a chunk with the same `doc_id` and `chunk_id`
 * again replaces it.
 */
export class SqliteVectorStore extends VDBStoreBase {
  /** The table holding the chunks. */
  readonly collectionName: string;
  /** The vector size. */
  readonly dimensions: number;
  /** The metric. */
  readonly distance: Distance;
  readonly #db: DatabaseSync;

  constructor(options: SqliteVectorStoreOptions) {
    super();
    const { path, collectionName = "documents", dimensions, distance = "Cosine" } = options ?? {};
    const issues = [];
    if (typeof path !== "string" || path === "")
      issues.push({ path: "path", message: "required (a file path or ':memory:')" });
    if (!NAME.test(collectionName))
      issues.push({
        path: "collectionName",
        message: "expected letters, digits and _ (a SQL table name)",
      });
    if (!Number.isInteger(dimensions) || dimensions <= 0)
      issues.push({ path: "dimensions", message: "expected a positive integer" });
    if (!DISTANCES.includes(distance))
      issues.push({ path: "distance", message: `expected one of ${DISTANCES.join(", ")}` });
    if (issues.length > 0) throw new ValidationError("SqliteVectorStore options", issues);
    this.collectionName = collectionName;
    this.dimensions = dimensions;
    this.distance = distance;
    this.#db = new DatabaseSync(path, { allowExtension: true });
    try {
      sqliteVec.load(this.#db);
    } catch (error) {
      this.#db.close();
      throw new AgentScopeError(
        `Cannot load the sqlite-vec extension into ${path}: ${(error as Error).message}. Reinstall the sqlite-vec package (its platform binary, e.g. sqlite-vec-linux-x64, must be installed).`,
        { cause: error },
      );
    }
    this.#createTable(path);
  }

  #createTable(path: string): void {
    const t = this.collectionName;
    this.#db.exec(`CREATE TABLE IF NOT EXISTS "${t}" (
      id TEXT NOT NULL,
      doc_id TEXT NOT NULL,
      chunk_id INTEGER NOT NULL,
      metadata TEXT NOT NULL,
      embedding BLOB NOT NULL,
      norm REAL NOT NULL,
      PRIMARY KEY (doc_id, chunk_id)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS agentscope_collections (
      name TEXT PRIMARY KEY, dimensions INTEGER NOT NULL, distance TEXT NOT NULL
    );`);
    this.#db
      .prepare("INSERT OR IGNORE INTO agentscope_collections VALUES (?, ?, ?)")
      .run(t, this.dimensions, this.distance);
    const saved = this.#db
      .prepare("SELECT dimensions, distance FROM agentscope_collections WHERE name = ?")
      .get(t) as { dimensions: number; distance: string };
    if (saved.dimensions !== this.dimensions || saved.distance !== this.distance) {
      this.#db.close();
      throw new ValidationError(
        "SqliteVectorStore options",
        [
          {
            path: "dimensions",
            message: `the collection ${t} in ${path} holds ${saved.dimensions}-dimension vectors scored by ${saved.distance}, not ${this.dimensions}/${this.distance}`,
          },
        ],
        { hint: "Use another collectionName or file for another embedding model." },
      );
    }
  }

  #checkVector(vector: unknown, path: string): asserts vector is number[] {
    if (!Array.isArray(vector) || vector.length !== this.dimensions) {
      throw new ValidationError(
        "embedding",
        [
          {
            path,
            message: `expected ${this.dimensions} numbers, got ${Array.isArray(vector) ? vector.length : typeof vector}`,
          },
        ],
        { hint: "Embed with a model of the store's dimensions." },
      );
    }
  }

  /** How many chunks the collection holds. */
  count(): number {
    return (
      this.#db.prepare(`SELECT count(*) AS n FROM "${this.collectionName}"`).get() as { n: number }
    ).n;
  }

  /** Whether any chunk of document `docId` is stored (to skip re-embedding unchanged files). */
  hasDocument(docId: string): boolean {
    return (
      this.#db
        .prepare(`SELECT 1 FROM "${this.collectionName}" WHERE doc_id = ? LIMIT 1`)
        .get(docId) !== undefined
    );
  }

  /** Stores `documents` (each with its `embedding`) in one transaction. */
  async add(documents: Document[]): Promise<void> {
    documents.forEach((doc, i) => {
      this.#checkVector(doc.embedding, `documents[${i}].embedding`);
    });
    const insert = this.#db.prepare(
      `INSERT OR REPLACE INTO "${this.collectionName}" (id, doc_id, chunk_id, metadata, embedding, norm) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.#transaction(() => {
      for (const doc of documents) {
        const vector = doc.embedding as number[];
        insert.run(
          doc.id,
          doc.metadata.doc_id,
          doc.metadata.chunk_id,
          JSON.stringify(doc.metadata),
          new Uint8Array(new Float32Array(vector).buffer),
          norm(vector),
        );
      }
    });
  }

  /** Deletes the chunks of `docIds` and those matching `filter`. */
  async delete(options: SqliteDeleteOptions = {}): Promise<void> {
    const t = this.collectionName;
    this.#transaction(() => {
      const del = this.#db.prepare(`DELETE FROM "${t}" WHERE doc_id = ?`);
      for (const id of options.docIds ?? []) del.run(id);
      if (options.filter && Object.keys(options.filter).length > 0) {
        const where = filterToSql(options.filter);
        this.#db.prepare(`DELETE FROM "${t}" WHERE ${where.sql}`).run(...where.params);
      }
    });
  }

  /** The `limit` nearest chunks, best first, scoring at least `scoreThreshold` (Euclid: at most). */
  async search(queryEmbedding: Embedding, options: SqliteSearchOptions): Promise<Document[]> {
    this.#checkVector(queryEmbedding, "queryEmbedding");
    const { limit, scoreThreshold, filter, withVectors = false } = options;
    if (!Number.isInteger(limit) || limit <= 0) {
      throw new ValidationError("search options", [
        { path: "limit", message: "expected a positive integer" },
      ]);
    }
    const q = new Uint8Array(new Float32Array(queryEmbedding).buffer);
    const score =
      this.distance === "Euclid"
        ? "vec_distance_l2(embedding, ?)"
        : this.distance === "Dot"
          ? "(1 - vec_distance_cosine(embedding, ?)) * norm * ?"
          : "1 - vec_distance_cosine(embedding, ?)";
    const lowerIsBetter = this.distance === "Euclid";
    const where = filterToSql(filter);
    const threshold = scoreThreshold == null ? "" : `WHERE score ${lowerIsBetter ? "<=" : ">="} ?`;
    const sql = `SELECT * FROM (SELECT id, metadata, ${withVectors ? "embedding, " : ""}${score} AS score
      FROM "${this.collectionName}" WHERE ${where.sql}) ${threshold}
      ORDER BY score ${lowerIsBetter ? "ASC" : "DESC"} LIMIT ?`;
    const scoreParams = this.distance === "Dot" ? [q, norm(queryEmbedding)] : [q];
    const params = [
      ...scoreParams,
      ...where.params,
      ...(scoreThreshold == null ? [] : [scoreThreshold]),
      limit,
    ];
    const rows = this.#db.prepare(sql).all(...params) as unknown as Row[];
    return rows.map((row) => ({
      id: row.id,
      metadata: JSON.parse(row.metadata),
      embedding: row.embedding
        ? Array.from(
            new Float32Array(row.embedding.buffer, row.embedding.byteOffset, this.dimensions),
          )
        : null,
      score: row.score,
    }));
  }

  /** The `node:sqlite` database, for what this class does not wrap. */
  override getClient(): DatabaseSync {
    return this.#db;
  }

  /** Closes the database. */
  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }

  #transaction(work: () => void): void {
    this.#db.exec("BEGIN");
    try {
      work();
      this.#db.exec("COMMIT");
    } catch (error) {
      this.#db.exec("ROLLBACK");
      throw error;
    }
  }
}
