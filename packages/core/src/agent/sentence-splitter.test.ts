import { describe, expect, it } from "vitest";
import { lastSentenceEnd } from "./sentence-boundary.js";
import { SentenceSplitter } from "./sentence-splitter.js";

// What the speech did before the splitter: rescan the whole text from the last cut on every piece.
function cutWhole(pieces: readonly string[]): string[] {
  const out: string[] = [];
  let text = "";
  let cut = 0;
  for (const piece of pieces) {
    text += piece;
    const end = lastSentenceEnd(text, cut);
    if (end > cut) {
      out.push(text.slice(cut, end));
      cut = end;
    }
  }
  out.push(text.slice(cut));
  return out;
}

function cutPieces(pieces: readonly string[]): string[] {
  const splitter = new SentenceSplitter();
  const out: string[] = [];
  for (const piece of pieces) {
    const sentences = splitter.push(piece);
    if (sentences !== "") out.push(sentences);
  }
  out.push(splitter.rest());
  return out;
}

describe("SentenceSplitter", () => {
  it("cuts after the last sentence end of each piece, carrying a mark that waits for its space", () => {
    expect(cutPieces(["Hello", " there.", ") How", " are you?", " Fine"])).toEqual([
      "Hello there.) ",
      "How are you? ",
      "Fine",
    ]);
    expect(cutPieces(["你好", "。我", "很好\n", "\n"])).toEqual(["你好。", "我很好\n", "\n", ""]);
  });

  it("cuts exactly as rescanning the whole text does, for any split of the text", () => {
    // A small deterministic generator: the same cases on every run.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const alphabet = [
      "a",
      "b",
      " ",
      ".",
      "!",
      "?",
      "…",
      '"',
      ")",
      "]",
      "”",
      "。",
      "！",
      "」",
      "\n",
    ];
    for (let round = 0; round < 300; round++) {
      const pieces: string[] = [];
      for (let p = 0, count = 1 + next(12); p < count; p++) {
        let piece = "";
        for (let c = 0, size = next(6); c < size; c++) piece += alphabet[next(alphabet.length)];
        pieces.push(piece);
      }
      expect(cutPieces(pieces), JSON.stringify(pieces)).toEqual(cutWhole(pieces));
    }
  });
});
