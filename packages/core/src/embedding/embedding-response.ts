import { shortUuid } from "../utils/short-uuid.js";
import { formatTimestamp } from "../utils/timestamp.js";

/** One embedding vector. */
export type Embedding = number[];

/** Resource use of one embedding call (AgentScope's `EmbeddingUsage`). */
export interface EmbeddingUsage {
  /** Seconds the call took. */
  time: number;
  /** Tokens used, when the provider reports it. */
  tokens?: number;
}

/** What an embedding model returns (AgentScope's `EmbeddingResponse`). */
export interface EmbeddingResponse {
  /** One vector per input, in input order. */
  embeddings: Embedding[];
  /** A unique id of this response. */
  id: string;
  /** When the response was created, `YYYY-MM-DD HH:MM:SS.mmm`. */
  createdAt: string;
  /** Resource use, when known. */
  usage?: EmbeddingUsage;
  /** Whether the vectors came from the embedding cache or the API. */
  source: "cache" | "api";
}

/** Builds an {@link EmbeddingResponse}, filling in `id`, `createdAt` and `source: "api"`. */
export function createEmbeddingResponse(
  fields: Pick<EmbeddingResponse, "embeddings"> & Partial<EmbeddingResponse>,
): EmbeddingResponse {
  const response: EmbeddingResponse = {
    embeddings: fields.embeddings,
    id: fields.id ?? shortUuid(),
    createdAt: fields.createdAt ?? formatTimestamp(),
    source: fields.source ?? "api",
  };
  if (fields.usage) response.usage = fields.usage;
  return response;
}
