import type { ImageBlock, TextBlock, VideoBlock } from "../message/content-block.js";
import { shortUuid } from "../utils/short-uuid.js";

/** Where a chunk came from and what it holds (AgentScope's `DocMetadata`). */
export interface DocMetadata {
  /** The chunk's data: text, an image or a video. */
  content: TextBlock | ImageBlock | VideoBlock;
  /** The id of the document the chunk belongs to. */
  doc_id: string;
  /** The chunk's index within its document. */
  chunk_id: number;
  /** How many chunks the document has. */
  total_chunks: number;
}

/** A chunk of a document, stored in and retrieved from a knowledge base (AgentScope's `Document`). */
export interface Document {
  /** The chunk's id. */
  id: string;
  /** What the chunk holds and where it came from. */
  metadata: DocMetadata;
  /** The chunk's embedding, once computed. */
  embedding?: number[] | null;
  /** The relevance score, set on retrieval. */
  score?: number | null;
}

/** Builds a {@link Document} with a fresh id. */
export function createDocument(metadata: DocMetadata, extra: Partial<Document> = {}): Document {
  return { id: shortUuid(), metadata, embedding: null, score: null, ...extra };
}
