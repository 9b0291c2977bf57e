export { type FilterValue, filterToSql, type MetadataFilter } from "./sql-filter.js";
export {
  MAX_LIMIT,
  type SqliteDeleteOptions,
  type SqliteSearchOptions,
  SqliteVectorStore,
  type SqliteVectorStoreOptions,
} from "./sqlite-vector-store.js";
