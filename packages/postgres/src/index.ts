export { type PgFilterValue, type PgMetadataFilter, pgFilterToSql } from "./pg-filter.js";
export {
  PG_MAX_DIMENSIONS,
  PG_MAX_LIMIT,
  type PgDeleteOptions,
  type PgSearchOptions,
  PgVectorStore,
  type PgVectorStoreOptions,
} from "./pg-vector-store.js";
export {
  PostgresConnection,
  type PostgresConnectionOptions,
  quoteIdent,
} from "./postgres-connection.js";
export { isConnectionFailure } from "./postgres-errors.js";
export { PostgresMemory, type PostgresMemoryOptions } from "./postgres-memory.js";
export { PostgresSession, type PostgresSessionOptions } from "./postgres-session.js";
