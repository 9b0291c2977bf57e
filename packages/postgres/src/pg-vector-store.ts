import {
  type Distance,
  type Document,
  type Embedding,
  ValidationError,
  type VDBSearchOptions,
  VDBStoreBase,
} from "@agentscope-ts/core";
import type pg from "pg";
import { type PgMetadataFilter, pgFilterToSql } from "./pg-filter.js";
import { inTransaction, openPool, quoteIdent } from "./postgres-connection.js";
import { toStorageError } from "./postgres-errors.js";

/** Options of {@link PgVectorStore}. */
export interface PgVectorStoreOptions {
  /** A `pg` pool to use instead of opening one; not closed by `close()`. */
  pool?: pg.Pool;
  /** A `postgres://` connection string (when no `pool` is given). */
  connectionString?: string;
  /** More `pg.Pool` settings (when no `pool` is given). */
  poolConfig?: pg.PoolConfig;
  /** The schema the table lives in; created when missing. Default `"public"`. */
  schema?: string;
  /** The table holding the chunks, created on first use. Default `"documents"`. */
  collectionName?: string;
  /** The vector size (at most 2000: pgvector's HNSW limit for `vector`). */
  dimensions: number;
  /** `"Cosine"` (default; score = cosine similarity), `"Dot"` (inner product) or `"Euclid"` (score = L2 distance, lower is better), as Qdrant scores them. */
  distance?: Distance;
  /** HNSW build settings: `m` (default 16) and `efConstruction` (default 64), as pgvector's. */
  hnsw?: { m?: number; efConstruction?: number };
  /** HNSW candidates per search (`hnsw.ef_search`); raised to `limit` when smaller. Default 40. */
  efSearch?: number;
}

/** Options of {@link PgVectorStore.search}. */
export interface PgSearchOptions extends VDBSearchOptions {
  /** Only chunks whose metadata match. */
  filter?: PgMetadataFilter;
  /** Return the stored vectors in `embedding` too. Default `false`. */
  withVectors?: boolean;
}

/** Options of {@link PgVectorStore.delete}. */
export interface PgDeleteOptions {
  /** Deletes every chunk of these documents. */
  docIds?: readonly string[];
  /** Deletes the chunks whose metadata match. */
  filter?: PgMetadataFilter;
}

/** The largest `limit` of a search: pgvector's largest `hnsw.ef_search`. */
export const PG_MAX_LIMIT = 1000;
/** The most dimensions an HNSW index on pgvector's `vector` type takes. */
export const PG_MAX_DIMENSIONS = 2000;
/** Rows per insert statement when adding. */
const BATCH = 500;

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,47}$/;
const DISTANCES: readonly Distance[] = ["Cosine", "Euclid", "Dot"];
// pgvector's operator and index operator class per metric; `<#>` is the negative inner product.
const OPS: Record<Distance, { op: string; opclass: string; score: string }> = {
  Cosine: { op: "<=>", opclass: "vector_cosine_ops", score: "1 - (embedding <=> $1)" },
  Euclid: { op: "<->", opclass: "vector_l2_ops", score: "embedding <-> $1" },
  Dot: { op: "<#>", opclass: "vector_ip_ops", score: "-(embedding <#> $1)" },
};

const wholeIn = (v: unknown, min: number, max: number) =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

/**
 * A vector store on PostgreSQL with pgvector, for `SimpleKnowledge`: one table per collection
 * (`id`, `doc_id`, `chunk_id`, `metadata jsonb`, `embedding vector(n)`, keyed by `doc_id` and
 * `chunk_id`, so re-adding a chunk replaces it) with an HNSW index for the chosen metric, created
 * on first use. Searches walk the index (iteratively when filtered, so filters do not starve the
 * top-k) with metadata filters in the same query.
 */
export class PgVectorStore extends VDBStoreBase {
  /** The table holding the chunks. */
  readonly collectionName: string;
  /** The schema the table lives in. */
  readonly schema: string;
  /** The vector size. */
  readonly dimensions: number;
  /** The metric. */
  readonly distance: Distance;
  readonly #pool: pg.Pool;
  readonly #owned: boolean;
  readonly #where: string;
  readonly #table: string;
  readonly #m: number;
  readonly #efConstruction: number;
  readonly #efSearch: number;
  #ready: Promise<void> | undefined;
  /** Whether the server's pgvector has iterative index scans (0.8 and later). */
  #iterative = false;

  constructor(options: PgVectorStoreOptions) {
    super();
    const {
      schema = "public",
      collectionName = "documents",
      dimensions,
      distance = "Cosine",
      hnsw = {},
      efSearch = 40,
    } = options ?? {};
    const { m = 16, efConstruction = 64 } = hnsw;
    const issues = [];
    if (!options?.pool && !options?.connectionString && !options?.poolConfig)
      issues.push({ path: "pool", message: "give a pg.Pool, a connectionString or poolConfig" });
    if (!NAME.test(collectionName))
      issues.push({
        path: "collectionName",
        message: "expected letters, digits and _ (a SQL table name of at most 48 characters)",
      });
    if (typeof schema !== "string" || schema === "" || schema.includes("\0"))
      issues.push({ path: "schema", message: "expected a schema name" });
    if (!wholeIn(dimensions, 1, PG_MAX_DIMENSIONS))
      issues.push({
        path: "dimensions",
        message: `expected a whole number from 1 to ${PG_MAX_DIMENSIONS} (pgvector's HNSW limit)`,
      });
    if (!DISTANCES.includes(distance))
      issues.push({ path: "distance", message: `expected one of ${DISTANCES.join(", ")}` });
    if (!wholeIn(m, 2, 100)) issues.push({ path: "hnsw.m", message: "expected 2 to 100" });
    if (!wholeIn(efConstruction, 4, 1000) || efConstruction < 2 * m)
      issues.push({
        path: "hnsw.efConstruction",
        message: "expected 4 to 1000, and at least twice hnsw.m",
      });
    if (!wholeIn(efSearch, 1, PG_MAX_LIMIT))
      issues.push({ path: "efSearch", message: `expected 1 to ${PG_MAX_LIMIT}` });
    if (issues.length > 0) throw new ValidationError("PgVectorStore options", issues);
    this.collectionName = collectionName;
    this.schema = schema;
    this.dimensions = dimensions;
    this.distance = distance;
    this.#m = m;
    this.#efConstruction = efConstruction;
    this.#efSearch = efSearch;
    this.#table = `${quoteIdent(schema)}.${quoteIdent(collectionName)}`;
    const opened = openPool(options);
    this.#pool = opened.pool;
    this.#owned = opened.owned;
    this.#where = opened.where;
  }

  /** Creates the extension, schema, table and index once (under an advisory lock), and checks the collection's dimensions and metric. */
  #setUp(): Promise<void> {
    this.#ready ??= inTransaction(
      this.#pool,
      async (client) => {
        const s = quoteIdent(this.schema);
        const t = this.#table;
        const { opclass } = OPS[this.distance];
        await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [
          `agentscope-ts:vector:${this.schema}`,
        ]);
        await client.query("CREATE EXTENSION IF NOT EXISTS vector");
        const version = await client.query<{ v: string }>(
          "SELECT extversion AS v FROM pg_extension WHERE extname = 'vector'",
        );
        const [major = 0, minor = 0] = (version.rows[0]?.v ?? "0").split(".").map(Number);
        this.#iterative = major > 0 || minor >= 8;
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
        const registry = `${s}.agentscope_vector_collections`;
        await client.query(
          `CREATE TABLE IF NOT EXISTS ${registry} (name text PRIMARY KEY, dimensions integer NOT NULL, distance text NOT NULL)`,
        );
        await client.query(
          `INSERT INTO ${registry} VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`,
          [this.collectionName, this.dimensions, this.distance],
        );
        const { rows } = await client.query<{ dimensions: number; distance: string }>(
          `SELECT dimensions, distance FROM ${registry} WHERE name = $1`,
          [this.collectionName],
        );
        const saved = rows[0];
        if (saved && (saved.dimensions !== this.dimensions || saved.distance !== this.distance)) {
          throw new ValidationError(
            "PgVectorStore options",
            [
              {
                path: "dimensions",
                message: `the collection ${t} holds ${saved.dimensions}-dimension vectors scored by ${saved.distance}, not ${this.dimensions}/${this.distance}`,
              },
            ],
            { hint: "Use another collectionName or schema for another embedding model." },
          );
        }
        await client.query(`CREATE TABLE IF NOT EXISTS ${t} (
          doc_id text NOT NULL,
          chunk_id integer NOT NULL,
          id text NOT NULL,
          metadata jsonb NOT NULL,
          embedding vector(${this.dimensions}) NOT NULL,
          PRIMARY KEY (doc_id, chunk_id)
        )`);
        await client.query(
          `CREATE INDEX IF NOT EXISTS ${quoteIdent(`${this.collectionName}_embedding_hnsw`)} ON ${t}
           USING hnsw (embedding ${opclass}) WITH (m = ${this.#m}, ef_construction = ${this.#efConstruction})`,
        );
      },
      `set up the vector collection ${this.#table} (pgvector must be installed on the server)`,
      this.#where,
    ).catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }

  async #query<R extends pg.QueryResultRow>(
    text: string,
    values: unknown[],
    what: string,
  ): Promise<R[]> {
    await this.#setUp();
    try {
      return (await this.#pool.query<R>(text, values)).rows;
    } catch (error) {
      throw toStorageError(error, what, this.#where);
    }
  }

  #checkVector(vector: unknown, path: string): asserts vector is number[] {
    if (
      !Array.isArray(vector) ||
      vector.length !== this.dimensions ||
      !vector.every((x) => typeof x === "number" && Number.isFinite(x))
    ) {
      throw new ValidationError(
        "embedding",
        [
          {
            path,
            message: `expected ${this.dimensions} finite numbers, got ${Array.isArray(vector) ? `${vector.length} values` : typeof vector}`,
          },
        ],
        { hint: "Embed with a model of the store's dimensions." },
      );
    }
  }

  /** How many chunks the collection holds (those matching `filter`, when given). */
  async count(filter?: PgMetadataFilter): Promise<number> {
    const where = pgFilterToSql(filter);
    const rows = await this.#query<{ n: string }>(
      `SELECT count(*) AS n FROM ${this.#table} WHERE ${where.sql}`,
      where.params,
      `count the chunks of ${this.#table}`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Whether any chunk of document `docId` is stored (to skip re-embedding unchanged files). */
  async hasDocument(docId: string): Promise<boolean> {
    const rows = await this.#query(
      `SELECT 1 FROM ${this.#table} WHERE doc_id = $1 LIMIT 1`,
      [docId],
      `look up document ${docId} in ${this.#table}`,
    );
    return rows.length > 0;
  }

  /** Stores `documents` (each with its `embedding`) in one transaction; a chunk stored before is replaced. */
  async add(documents: Document[]): Promise<void> {
    documents.forEach((doc, i) => {
      this.#checkVector(doc.embedding, `documents[${i}].embedding`);
    });
    // One row per (doc_id, chunk_id), the last given winning: one INSERT cannot update a row twice.
    const rows = new Map<string, Document>();
    for (const doc of documents) {
      rows.set(JSON.stringify([doc.metadata.doc_id, doc.metadata.chunk_id]), doc);
    }
    if (rows.size === 0) return;
    await this.#setUp();
    const all = [...rows.values()];
    await inTransaction(
      this.#pool,
      async (client) => {
        for (let start = 0; start < all.length; start += BATCH) {
          const batch = all.slice(start, start + BATCH);
          await client.query(
            `INSERT INTO ${this.#table} (doc_id, chunk_id, id, metadata, embedding)
             SELECT * FROM unnest($1::text[], $2::integer[], $3::text[], $4::jsonb[], $5::vector[])
             ON CONFLICT (doc_id, chunk_id) DO UPDATE
               SET id = excluded.id, metadata = excluded.metadata, embedding = excluded.embedding`,
            [
              batch.map((d) => d.metadata.doc_id),
              batch.map((d) => d.metadata.chunk_id),
              batch.map((d) => d.id),
              batch.map((d) => JSON.stringify(d.metadata)),
              batch.map((d) => JSON.stringify(d.embedding)),
            ],
          );
        }
      },
      `add ${all.length} chunks to ${this.#table}`,
      this.#where,
    );
  }

  /** Deletes the chunks of `docIds` and those matching `filter`. */
  async delete(options: PgDeleteOptions = {}): Promise<void> {
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (options.docIds && options.docIds.length > 0) {
      clauses.push("doc_id = ANY($1::text[])");
      params.push([...options.docIds]);
    }
    if (options.filter && Object.keys(options.filter).length > 0) {
      const where = pgFilterToSql(options.filter, params.length + 1);
      clauses.push(`(${where.sql})`);
      params.push(...where.params);
    }
    if (clauses.length === 0) return;
    await this.#query(
      `DELETE FROM ${this.#table} WHERE ${clauses.join(" OR ")}`,
      params,
      `delete chunks from ${this.#table}`,
    );
  }

  /**
   * The `limit` nearest chunks, best first, scoring at least `scoreThreshold` (Euclid: at most).
   * One `ORDER BY embedding <op> $1 LIMIT k` query on the HNSW index, with `hnsw.ef_search` at
   * least `limit` and pgvector's iterative scan on (pgvector 0.8+), so a metadata filter still
   * yields `limit` rows when that many match.
   */
  async search(queryEmbedding: Embedding, options: PgSearchOptions): Promise<Document[]> {
    this.#checkVector(queryEmbedding, "queryEmbedding");
    const { limit, scoreThreshold, filter, withVectors = false } = options;
    if (!wholeIn(limit, 1, PG_MAX_LIMIT)) {
      throw new ValidationError("search options", [
        {
          path: "limit",
          message: `expected a whole number from 1 to ${PG_MAX_LIMIT} (pgvector's largest ef_search), got ${String(limit)}`,
        },
      ]);
    }
    const where = pgFilterToSql(filter, 3);
    const { op, score } = OPS[this.distance];
    const sql = `SELECT id, metadata, ${score} AS score${withVectors ? ", embedding::text AS embedding" : ""}
      FROM ${this.#table} WHERE ${where.sql}
      ORDER BY embedding ${op} $1 LIMIT $2`;
    await this.#setUp();
    const rows = await inTransaction(
      this.#pool,
      async (client) => {
        await client.query(`SET LOCAL hnsw.ef_search = ${Math.max(this.#efSearch, limit)}`);
        // Older pgvector reserves the hnsw.* names without this one: setting it would fail.
        if (this.#iterative) await client.query("SET LOCAL hnsw.iterative_scan = strict_order");
        const result = await client.query<{
          id: string;
          metadata: Document["metadata"];
          score: number;
          embedding?: string;
        }>(sql, [JSON.stringify(queryEmbedding), limit, ...where.params]);
        return result.rows;
      },
      `search ${this.#table}`,
      this.#where,
    );
    const lowerIsBetter = this.distance === "Euclid";
    return rows
      .filter(
        (row) =>
          scoreThreshold == null ||
          (lowerIsBetter ? row.score <= scoreThreshold : row.score >= scoreThreshold),
      )
      .map((row) => ({
        id: row.id,
        metadata: row.metadata,
        embedding: row.embedding ? (JSON.parse(row.embedding) as number[]) : null,
        score: Number(row.score),
      }));
  }

  /** The `pg` pool, for what this class does not wrap. */
  override getClient(): pg.Pool {
    return this.#pool;
  }

  /** Closes the pool if this object opened it. */
  async close(): Promise<void> {
    if (this.#owned && !this.#pool.ended) await this.#pool.end();
  }
}
