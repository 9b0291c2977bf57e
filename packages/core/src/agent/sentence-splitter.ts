import { lastSentenceEnd } from "./sentence-boundary.js";

// An ASCII sentence mark (with its closing quotes or brackets) at the very end: it becomes a
// boundary once whitespace follows, so the next piece is scanned with it. Longer runs of closers
// than this are not carried (no text has them).
const OPEN_END = /[.!?…]["'”’)\]]{0,16}$/;

/**
 * Cuts text that arrives in pieces into sentences, as {@link lastSentenceEnd} cuts the whole text,
 * in O(piece) per piece: only the new piece is scanned (with the few characters of a sentence mark
 * still waiting for its whitespace), and the text not yet cut is kept as it came, never rescanned.
 */
export class SentenceSplitter {
  #pending = "";
  #carry = "";

  /** Adds `piece`; returns the text up to the last sentence end it completed, or `""`. */
  push(piece: string): string {
    if (piece === "") return "";
    const scanned = this.#carry + piece;
    // A boundary needs whitespace, a CJK mark or a line break, none of which the carry holds:
    // every boundary found ends inside `piece`.
    const end = lastSentenceEnd(scanned);
    let out = "";
    let tail = scanned;
    if (end >= 0) {
      const cut = end - this.#carry.length;
      out = this.#pending + piece.slice(0, cut);
      this.#pending = piece.slice(cut);
      tail = scanned.slice(end);
    } else {
      this.#pending += piece;
    }
    this.#carry = OPEN_END.exec(tail)?.[0] ?? "";
    return out;
  }

  /** The text not cut yet (the end of the last sentence); the splitter starts afresh. */
  rest(): string {
    const rest = this.#pending;
    this.#pending = "";
    this.#carry = "";
    return rest;
  }
}
