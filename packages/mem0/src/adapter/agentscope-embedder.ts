import { type EmbeddingModelBase, ModelError } from "@agentscope-ts/core";
import type { Embedder } from "mem0ai/oss";

/**
 * mem0's `Embedder`, answered by an AgentScope-TS embedding model (AgentScope's
 * `AgentScopeEmbedding`): one `embed()` call per text or batch, through the model's cache,
 * retries and tracing.
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
    if (!vector) {
      throw new ModelError(
        `The embedding model ${this.model.modelName} returned no vector for mem0's text.`,
        { provider: this.model.provider },
      );
    }
    return vector;
  }

  /** The vectors of several texts, in order. */
  async embedBatch(texts: string[]): Promise<number[][]> {
    if (texts.length === 0) return [];
    const response = await this.model.embed(texts);
    if (response.embeddings.length !== texts.length) {
      throw new ModelError(
        `The embedding model ${this.model.modelName} returned ${response.embeddings.length} vectors for ${texts.length} texts.`,
        { provider: this.model.provider },
      );
    }
    return response.embeddings;
  }
}
