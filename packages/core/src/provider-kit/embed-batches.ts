import type { EmbedResult } from "../embedding/embedding-model-base.js";
import { ValidationError } from "../errors/validation-error.js";

/** A batch size option, checked: a positive integer, else a ValidationError naming `batchSize`. */
export function batchSizeOption(
  owner: string,
  value: number | undefined,
  fallback: number,
): number {
  const batchSize = value ?? fallback;
  if (!Number.isInteger(batchSize) || batchSize <= 0) {
    throw new ValidationError(`${owner} options`, [
      { path: "batchSize", message: `expected a positive integer, received ${String(batchSize)}` },
    ]);
  }
  return batchSize;
}

/**
 * Embeds `inputs` in requests of at most `batchSize` (one after another, as AgentScope sends
 * them) and joins the vectors in input order; `tokens` is the sum of the batches' tokens, when
 * any batch reported some.
 */
export async function embedInBatches<T>(
  inputs: readonly T[],
  batchSize: number,
  embedBatch: (batch: T[]) => Promise<EmbedResult>,
): Promise<EmbedResult> {
  const embeddings: EmbedResult["embeddings"] = [];
  let tokens: number | undefined;
  for (let start = 0; start < inputs.length; start += batchSize) {
    const result = await embedBatch(inputs.slice(start, start + batchSize));
    embeddings.push(...result.embeddings);
    if (result.tokens !== undefined) tokens = (tokens ?? 0) + result.tokens;
  }
  return tokens === undefined ? { embeddings } : { embeddings, tokens };
}
