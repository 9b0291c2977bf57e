import type { AudioBlock } from "../message/content-block.js";
import { concatAudioBlocks } from "./audio-block.js";

/**
 * Collects the audio deltas of a speech (O(1) per delta: blocks are kept, not re-encoded) and
 * joins them on demand into the accumulated block v1.0.21 hands out ({@link block}).
 */
export class TTSAudioAccumulator {
  readonly #blocks: AudioBlock[] = [];

  /** Adds a delta (`null`, a response without audio, is skipped). */
  add(block: AudioBlock | null | undefined): void {
    if (block) this.#blocks.push(block);
  }

  /** The deltas so far, in order. */
  get blocks(): readonly AudioBlock[] {
    return this.#blocks;
  }

  /** The whole speech so far as one block (`null` when there is no audio yet). */
  block(): AudioBlock | null {
    return concatAudioBlocks(this.#blocks);
  }
}
