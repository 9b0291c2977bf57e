export {
  type QdrantDeleteOptions,
  type QdrantDistance,
  type QdrantSearchOptions,
  QdrantStore,
  type QdrantStoreOptions,
} from "./qdrant-store.js";
export { NAMESPACE_DNS, uuid3 } from "./uuid3.js";
