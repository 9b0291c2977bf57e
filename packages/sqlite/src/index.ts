export { type FilterValue, filterToSql, type MetadataFilter } from "./sql-filter.js";
export { SqliteDatabase, type SqliteDatabaseOptions } from "./sqlite-database.js";
export { SqliteMemory, type SqliteMemoryOptions } from "./sqlite-memory.js";
export {
  SqliteSession,
  type SqliteSessionInfo,
  type SqliteSessionOptions,
} from "./sqlite-session.js";
export {
  MAX_LIMIT,
  type SqliteDeleteOptions,
  type SqliteSearchOptions,
  SqliteVectorStore,
  type SqliteVectorStoreOptions,
} from "./sqlite-vector-store.js";
