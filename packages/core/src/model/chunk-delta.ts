/** The text and thinking a streamed chunk added to the previous one. */
export interface ChunkDelta {
  /** Text added since the previous chunk of the same stream. */
  text: string;
  /** Thinking added since the previous chunk of the same stream. */
  thinking: string;
}

// Keyed by a chunk's `content` array, which the agent passes on as its message's content: the
// delta travels beside the cumulative chunk without changing the ChatResponse shape.
const deltas = new WeakMap<object, ChunkDelta>();

/** Records what the chunk whose content is `content` added (internal; used by the accumulator). */
export function attachChunkDelta(content: readonly unknown[], delta: ChunkDelta): void {
  deltas.set(content, delta);
}

/**
 * What the streamed chunk whose content is `content` added to the previous one, when the model
 * recorded it (chunks built by `ChatResponseAccumulator`); `undefined` otherwise.
 */
export function chunkDeltaOf(content: readonly unknown[]): ChunkDelta | undefined {
  return deltas.get(content);
}
