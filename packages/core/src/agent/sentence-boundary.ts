// ASCII sentence ends count only once whitespace follows (so "3.14" or "e.g" mid-stream is not
// cut); CJK ends and line breaks count at once.
const BOUNDARY = /[.!?…]+["'”’)\]]*\s+|[。！？；]+["'”’)\]」』]*|\n+/g;

/**
 * The end (exclusive) of the last complete sentence in `text` after `from`, or `-1` when no
 * sentence ends there yet. Used to speak a streamed answer sentence by sentence.
 */
export function lastSentenceEnd(text: string, from = 0): number {
  BOUNDARY.lastIndex = from;
  let end = -1;
  for (let m = BOUNDARY.exec(text); m !== null; m = BOUNDARY.exec(text)) {
    end = m.index + m[0].length;
  }
  return end;
}
