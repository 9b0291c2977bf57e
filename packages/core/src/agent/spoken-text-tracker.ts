import type { ContentBlock } from "../message/content-block.js";
import type { Msg } from "../message/msg.js";
import { chunkDeltaOf } from "../model/chunk-delta.js";

/** A text block that grew: its text and the length it had before. */
interface Grown {
  text: string;
  from: number;
  /** The block is new and follows another text block: a line break joins them. */
  joined: boolean;
}

/**
 * Follows the spoken text of a message while it streams (its text blocks joined by line breaks,
 * as `spokenText`) and returns only what each chunk added, in O(blocks + delta) per chunk: it
 * remembers the length of every text block, never joins or rescans the text so far, and takes
 * the delta the model recorded beside the chunk (`chunkDeltaOf`) instead of slicing the text.
 */
export class SpokenTextTracker {
  #lengths: number[] = [];
  #length = 0;

  /** The length of the spoken text seen so far. */
  get length(): number {
    return this.#length;
  }

  /**
   * The text `msg` added to its spoken text since the previous call (`""` when none), or `null`
   * when the text was rewritten rather than extended; the tracker then follows the new text.
   */
  next(msg: Msg): string | null {
    const content = msg.content;
    const blocks: readonly ContentBlock[] =
      typeof content === "string" ? [{ type: "text", text: content }] : content;
    const lengths = this.#lengths;
    const known = lengths.length;
    const grown: Grown[] = [];
    let index = 0;
    let rewritten = false;
    for (const block of blocks) {
      if (block.type !== "text") continue;
      const length = block.text.length;
      const before = lengths[index];
      if (before === undefined) {
        grown.push({ text: block.text, from: 0, joined: index > 0 });
        lengths.push(length);
      } else if (index < known - 1 ? length !== before : length < before) {
        rewritten = true;
      } else if (length > before) {
        grown.push({ text: block.text, from: before, joined: false });
        lengths[index] = length;
      }
      index++;
    }
    if (rewritten || index < known) {
      this.#resync(blocks);
      return null;
    }
    const added = addedText(grown, typeof content === "string" ? undefined : content);
    this.#length += added.length;
    return added;
  }

  // Follows `blocks` from now on (after a rewrite).
  #resync(blocks: readonly ContentBlock[]): void {
    this.#lengths = [];
    for (const block of blocks) if (block.type === "text") this.#lengths.push(block.text.length);
    const count = this.#lengths.length;
    this.#length = this.#lengths.reduce((sum, n) => sum + n, Math.max(0, count - 1));
  }
}

// The new text: the model's recorded delta when it is exactly the one block's growth, else the
// new part of each grown block (a slice copies the block's text; the delta does not).
function addedText(grown: readonly Grown[], content: readonly ContentBlock[] | undefined): string {
  const only = grown.length === 1 ? grown[0] : undefined;
  if (only && !only.joined) {
    const delta = content ? chunkDeltaOf(content) : undefined;
    if (delta && delta.text.length === only.text.length - only.from) return delta.text;
  }
  let out = "";
  for (const part of grown) {
    if (part.joined) out += "\n";
    out += part.from === 0 ? part.text : part.text.slice(part.from);
  }
  return out;
}
