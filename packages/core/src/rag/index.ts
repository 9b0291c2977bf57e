export { createDocument, type DocMetadata, type Document } from "./document.js";
export {
  type InMemoryDeleteOptions,
  InMemoryVectorStore,
  type InMemoryVectorStoreOptions,
} from "./in-memory-vector-store.js";
export { KnowledgeBase, type RetrieveOptions } from "./knowledge-base.js";
export { pythonFloat } from "./python-float.js";
export { ReaderBase } from "./reader-base.js";
export { ReaderError } from "./reader-error.js";
export { sha256Hex } from "./sha256-hex.js";
export { SimpleKnowledge, type SimpleKnowledgeOptions } from "./simple-knowledge.js";
export {
  checkChunkOptions,
  type SplitBy,
  splitText,
  TextReader,
  type TextReaderOptions,
} from "./text-reader.js";
export { type VDBSearchOptions, VDBStoreBase } from "./vdb-store-base.js";
export { type Distance, higherIsBetter, vectorScore } from "./vector-similarity.js";
