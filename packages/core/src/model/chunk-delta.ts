/** The text and thinking a streamed chunk added to the previous one. */
export interface ChunkDelta {
  /** Text added since the previous chunk of the same stream. */
  text: string;
  /** Thinking added since the previous chunk of the same stream. */
  thinking: string;
}

// Kept on a chunk's `content` array (which the agent passes on as its message's content) under a
// non-enumerable symbol: the delta travels beside the cumulative chunk without changing the
// ChatResponse shape, equality or serialisation (a WeakMap entry per chunk costs more).
const DELTA = Symbol("agentscope.chunkDelta");

/** Records what the chunk whose content is `content` added (internal; used by the accumulator). */
export function attachChunkDelta(content: readonly unknown[], delta: ChunkDelta): void {
  Object.defineProperty(content, DELTA, { value: delta, configurable: true });
}

/**
 * What the streamed chunk whose content is `content` added to the previous one, when the model
 * recorded it (chunks built by `ChatResponseAccumulator`); `undefined` otherwise.
 */
export function chunkDeltaOf(content: readonly unknown[]): ChunkDelta | undefined {
  return (content as { [DELTA]?: ChunkDelta })[DELTA];
}
