export { createDocument, type DocMetadata, type Document } from "./document.js";
export { KnowledgeBase, type RetrieveOptions } from "./knowledge-base.js";
