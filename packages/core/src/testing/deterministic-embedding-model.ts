import {
  EmbeddingModelBase,
  type EmbeddingModelBaseOptions,
  type EmbedRequest,
  type EmbedResult,
  type NormalizedEmbeddingInput,
} from "../embedding/embedding-model-base.js";

/** Options of {@link DeterministicEmbeddingModel}. */
export interface DeterministicEmbeddingModelOptions extends Partial<EmbeddingModelBaseOptions> {}

function hashWord(word: string): number {
  let h = 2166136261;
  for (let i = 0; i < word.length; i++) {
    h ^= word.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/**
 * An embedding model for tests: no API, same text → same vector. Each lower-cased word is hashed
 * into one of `dimensions` buckets and the vector is L2-normalised, so texts sharing words are
 * close in cosine similarity. Records every batch it embeds in {@link calls}.
 */
export class DeterministicEmbeddingModel extends EmbeddingModelBase {
  readonly provider = "deterministic";
  /** The inputs of every provider call (cache hits are not calls). */
  readonly calls: (readonly NormalizedEmbeddingInput[])[] = [];

  constructor(options: DeterministicEmbeddingModelOptions = {}) {
    super({ modelName: "deterministic-embedding", dimensions: 16, ...options });
  }

  /** The vector of one text, without going through `embed()`. */
  vectorOf(text: string): number[] {
    const vector = new Array<number>(this.dimensions).fill(0);
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
      vector[hashWord(word) % this.dimensions]! += 1;
    }
    const norm = Math.hypot(...vector);
    return norm === 0 ? vector : vector.map((v) => v / norm);
  }

  protected async doEmbed(
    inputs: readonly NormalizedEmbeddingInput[],
    _request: EmbedRequest,
  ): Promise<EmbedResult> {
    this.calls.push(inputs);
    return {
      embeddings: inputs.map((input) =>
        this.vectorOf(typeof input === "string" ? input : JSON.stringify(input)),
      ),
      tokens: inputs.length,
    };
  }
}
