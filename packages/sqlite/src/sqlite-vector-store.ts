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

/** The largest `limit` of a search: sqlite-vec's KNN queries take at most 4096 neighbours. */
export const MAX_LIMIT = 4096;

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const DISTANCES: readonly Distance[] = ["Cosine", "Euclid", "Dot"];

interface Row {
  id: string;
  metadata: string;
  score: number;
  embedding?: Uint8Array;
}

const norm = (v: readonly number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

// A vector as the float32 blob sqlite-vec reads.
const f32 = (v: readonly number[]) => new Uint8Array(new Float32Array(v).buffer);

/**
 * The embedded vector store: one SQLite file, no server. Chunks live in a table (metadata as
 * JSON) beside a `sqlite-vec` `vec0` table of float32 vectors; search is exact (brute force, SIMD)
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

  // The chunks table (metadata) and a sqlite-vec `vec0` table (the vectors, same rowid). Dot
  // collections keep vectors in the chunks table instead: vec0 has no dot metric, and scanning
  // a plain blob column is faster than scanning vec0.
  #createTable(path: string): void {
    const t = this.collectionName;
    const metric = this.distance === "Euclid" ? "l2" : "cosine";
    this.#db.exec(`CREATE TABLE IF NOT EXISTS "${t}" (
      rowid INTEGER PRIMARY KEY,
      id TEXT NOT NULL,
      doc_id TEXT NOT NULL,
      chunk_id INTEGER NOT NULL,
      metadata TEXT NOT NULL,
      norm REAL NOT NULL,
      embedding BLOB,
      UNIQUE (doc_id, chunk_id)
    );
    ${
      this.distance === "Dot"
        ? ""
        : `CREATE VIRTUAL TABLE IF NOT EXISTS "${t}_vec" USING vec0(
      embedding float[${this.dimensions}] distance_metric=${metric}
    );`
    }
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

  /** How many chunks the collection holds (those matching `filter`, when given). */
  count(filter?: MetadataFilter): number {
    const where = filterToSql(filter);
    const row = this.#db
      .prepare(`SELECT count(*) AS n FROM "${this.collectionName}" WHERE ${where.sql}`)
      .get(...where.params) as { n: number };
    return row.n;
  }

  /** Whether any chunk of document `docId` is stored (to skip re-embedding unchanged files). */
  hasDocument(docId: string): boolean {
    return (
      this.#db
        .prepare(`SELECT 1 FROM "${this.collectionName}" WHERE doc_id = ? LIMIT 1`)
        .get(docId) !== undefined
    );
  }

  /** Stores `documents` (each with its `embedding`) in one transaction; a chunk stored before is replaced. */
  async add(documents: Document[]): Promise<void> {
    documents.forEach((doc, i) => {
      this.#checkVector(doc.embedding, `documents[${i}].embedding`);
    });
    const t = this.collectionName;
    const inTable = this.distance === "Dot";
    const find = this.#db.prepare(`SELECT rowid FROM "${t}" WHERE doc_id = ? AND chunk_id = ?`);
    const update = this.#db.prepare(
      `UPDATE "${t}" SET id = ?, metadata = ?, norm = ?, embedding = ? WHERE rowid = ?`,
    );
    const insert = this.#db.prepare(
      `INSERT INTO "${t}" (id, doc_id, chunk_id, metadata, norm, embedding) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    const dropVector = inTable
      ? undefined
      : this.#db.prepare(`DELETE FROM "${t}_vec" WHERE rowid = ?`);
    const insertVector = inTable
      ? undefined
      : this.#db.prepare(`INSERT INTO "${t}_vec" (rowid, embedding) VALUES (?, ?)`);
    this.#transaction(() => {
      for (const doc of documents) {
        const vector = doc.embedding as number[];
        const metadata = JSON.stringify(doc.metadata);
        const blob = inTable ? f32(vector) : null;
        const found = find.get(doc.metadata.doc_id, doc.metadata.chunk_id) as
          | { rowid: number }
          | undefined;
        let rowid: bigint;
        if (found) {
          rowid = BigInt(found.rowid);
          update.run(doc.id, metadata, norm(vector), blob, rowid);
          dropVector?.run(rowid);
        } else {
          const res = insert.run(
            doc.id,
            doc.metadata.doc_id,
            doc.metadata.chunk_id,
            metadata,
            norm(vector),
            blob,
          );
          rowid = BigInt(res.lastInsertRowid);
        }
        // vec0 keys must be bound as integers (a JS number binds as REAL).
        insertVector?.run(rowid, f32(vector));
      }
    });
  }

  /** Deletes the chunks of `docIds` and those matching `filter`. */
  async delete(options: SqliteDeleteOptions = {}): Promise<void> {
    const t = this.collectionName;
    const clauses: string[] = [];
    const params: (string | number)[] = [];
    if (options.docIds && options.docIds.length > 0) {
      clauses.push(`doc_id IN (${options.docIds.map(() => "?").join(", ")})`);
      params.push(...options.docIds);
    }
    if (options.filter && Object.keys(options.filter).length > 0) {
      const where = filterToSql(options.filter);
      clauses.push(`(${where.sql})`);
      params.push(...where.params);
    }
    if (clauses.length === 0) return;
    const where = clauses.join(" OR ");
    this.#transaction(() => {
      if (this.distance !== "Dot") {
        this.#db
          .prepare(
            `DELETE FROM "${t}_vec" WHERE rowid IN (SELECT rowid FROM "${t}" WHERE ${where})`,
          )
          .run(...params);
      }
      this.#db.prepare(`DELETE FROM "${t}" WHERE ${where}`).run(...params);
    });
  }

  /**
   * The `limit` nearest chunks, best first, scoring at least `scoreThreshold` (Euclid: at most).
   * Cosine and Euclid use sqlite-vec's KNN query (`MATCH … AND k = ?`), filtered by rowid when a
   * metadata filter is given; Dot scores every stored vector with `vec_distance_cosine` and the norms.
   */
  async search(queryEmbedding: Embedding, options: SqliteSearchOptions): Promise<Document[]> {
    this.#checkVector(queryEmbedding, "queryEmbedding");
    const { limit, scoreThreshold, filter, withVectors = false } = options;
    if (!Number.isInteger(limit) || limit <= 0 || limit > MAX_LIMIT) {
      throw new ValidationError("search options", [
        {
          path: "limit",
          message: `expected a whole number from 1 to ${MAX_LIMIT} (sqlite-vec's KNN limit), got ${String(limit)}`,
        },
      ]);
    }
    const t = this.collectionName;
    const q = f32(queryEmbedding);
    const where = filterToSql(filter);
    const filtered = where.params.length > 0;
    const candidates = filtered
      ? ` AND v.rowid IN (SELECT rowid FROM "${t}" WHERE ${where.sql})`
      : "";
    const vectorColumn = withVectors ? ", v.embedding AS embedding" : "";
    let rows: Row[];
    if (this.distance === "Dot") {
      const sql = `SELECT c.id, c.metadata${withVectors ? ", c.embedding AS embedding" : ""}, top.score AS score
        FROM (SELECT rowid, (1 - vec_distance_cosine(embedding, ?)) * norm * ? AS score
              FROM "${t}" WHERE ${where.sql} ORDER BY score DESC LIMIT ?) top
        JOIN "${t}" c ON c.rowid = top.rowid
        ORDER BY top.score DESC`;
      rows = this.#db
        .prepare(sql)
        .all(q, norm(queryEmbedding), ...where.params, limit) as unknown as Row[];
    } else {
      const score = this.distance === "Euclid" ? "knn.distance" : "1 - knn.distance";
      const sql = `SELECT c.id, c.metadata${vectorColumn}, ${score} AS score
        FROM (SELECT v.rowid AS rowid, v.distance AS distance FROM "${t}_vec" v
              WHERE v.embedding MATCH ? AND k = ?${candidates}) knn
        JOIN "${t}" c ON c.rowid = knn.rowid
        ${withVectors ? `JOIN "${t}_vec" v ON v.rowid = knn.rowid` : ""}
        ORDER BY knn.distance`;
      rows = this.#db.prepare(sql).all(q, limit, ...where.params) as unknown as Row[];
    }
    const lowerIsBetter = this.distance === "Euclid";
    return rows
      .filter(
        (row) =>
          scoreThreshold == null ||
          (lowerIsBetter ? row.score <= scoreThreshold : row.score >= scoreThreshold),
      )
      .map((row) => ({
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
