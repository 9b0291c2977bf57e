import type { EmbeddingModelBase } from "@agentscope-ts/core";
import type { Embedder } from "mem0ai/oss";

/**
 * mem0's `Embedder`, answered by an AgentScope-TS embedding model (AgentScope's
 * `AgentScopeEmbedding`): one `embed()` call per text or batch, through the model's cache,
 * retries and tracing (which also checks that every text got a vector).
 */
export class AgentScopeEmbedder implements Embedder {
  /** The embedding model mem0 uses. */
  readonly model: EmbeddingModelBase;

  constructor(model: EmbeddingModelBase) {
    this.model = model;
  }

  /** The vector of one text. */
  async embed(text: string): Promise<number[]> {
    const [vector] = await this.embedBatch([text]);
    return vector as number[];
  }

  /** The vectors of several texts, in order. */
  async embedBatch(texts: string[]): Promise<number[][]> {
    if (texts.length === 0) return [];
    return (await this.model.embed(texts)).embeddings;
  }
}
