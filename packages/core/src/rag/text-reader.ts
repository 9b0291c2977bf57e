import { ValidationError } from "../errors/validation-error.js";
import type { Document } from "./document.js";
import { ReaderBase } from "./reader-base.js";
import { sha256Hex } from "./sha256-hex.js";

/** How {@link TextReader} splits text: fixed-size pieces, sentences or lines. */
export type SplitBy = "char" | "sentence" | "paragraph";

/** Options of {@link TextReader}. */
export interface TextReaderOptions {
  /** The largest chunk, in characters (code points). Default 512. */
  chunkSize?: number;
  /** The unit to split by. Default `"sentence"`. */
  splitBy?: SplitBy;
  /** The locale of sentence splitting (`Intl.Segmenter`). Default `"en"`. */
  locale?: string;
}

const SPLITS: readonly SplitBy[] = ["char", "sentence", "paragraph"];

/** Checks reader options shared by every chunking reader; throws a `ValidationError` naming the field. */
export function checkChunkOptions(what: string, chunkSize: unknown, splitBy: unknown): void {
  const issues = [];
  if (!Number.isInteger(chunkSize) || (chunkSize as number) <= 0) {
    issues.push({
      path: "chunkSize",
      message: `must be a positive integer, got ${String(chunkSize)}`,
    });
  }
  if (!SPLITS.includes(splitBy as SplitBy)) {
    issues.push({
      path: "splitBy",
      message: `must be one of 'char', 'sentence' or 'paragraph', got ${JSON.stringify(splitBy)}`,
    });
  }
  if (issues.length > 0) throw new ValidationError(what, issues);
}

// Pieces of at most `size` code points (Python slices strings by code point, not UTF-16 unit).
function slicePieces(text: string, size: number): string[] {
  const points = Array.from(text);
  if (points.length <= size) return [text];
  const pieces: string[] = [];
  for (let i = 0; i < points.length; i += size) pieces.push(points.slice(i, i + size).join(""));
  return pieces;
}

/**
 * Splits `text` as AgentScope's `TextReader` does: `char` into pieces of `chunkSize`; `sentence`
 * into sentences (here with `Intl.Segmenter`, where Python uses nltk's punkt; like punkt, line
 * breaks do not end a sentence); `paragraph` into
 * non-empty lines. A sentence or line longer than `chunkSize` is cut into pieces.
 */
export function splitText(
  text: string,
  chunkSize: number,
  splitBy: SplitBy,
  locale = "en",
): string[] {
  if (splitBy === "char") return text === "" ? [] : slicePieces(text, chunkSize);
  const units: string[] = [];
  if (splitBy === "sentence") {
    // Like nltk's punkt, end sentences only at punctuation, not at line breaks: segment a copy with
    // line breaks as spaces (same length) and cut the original text at the boundaries found.
    const segmenter = new Intl.Segmenter(locale, { granularity: "sentence" });
    const flat = text.replace(/[\n\r\u2028\u2029\u0085\v\f]/g, " ");
    for (const { index, segment } of segmenter.segment(flat)) {
      // Trailing whitespace belongs to the previous sentence in ICU; punkt drops it.
      const sentence = text.slice(index, index + segment.length).trimEnd();
      if (sentence.trim()) units.push(sentence);
    }
  } else {
    for (const line of text.split("\n")) if (line.length > 0) units.push(line);
  }
  return units.flatMap((unit) => slicePieces(unit, chunkSize));
}

/**
 * Reads a text string into chunk documents (AgentScope's `TextReader`). Every chunk has the id and
 * `doc_id` `sha256(text)` (hex), its index as `chunk_id` and the count as `total_chunks`. Files are
 * read by `@agentscope-ts/readers` (this entry stays browser-safe).
 */
export class TextReader extends ReaderBase {
  /** The largest chunk, in characters. */
  readonly chunkSize: number;
  /** The unit to split by. */
  readonly splitBy: SplitBy;
  /** The locale of sentence splitting. */
  readonly locale: string;

  constructor(options: TextReaderOptions = {}) {
    super();
    const { chunkSize = 512, splitBy = "sentence", locale = "en" } = options;
    checkChunkOptions("TextReader options", chunkSize, splitBy);
    this.chunkSize = chunkSize;
    this.splitBy = splitBy;
    this.locale = locale;
  }

  /** Splits `text` into chunk documents. */
  async read(text: string): Promise<Document[]> {
    if (typeof text !== "string") {
      throw new ValidationError("TextReader input", [
        { path: "text", message: `expected string, received ${typeof text}` },
      ]);
    }
    const splits = splitText(text, this.chunkSize, this.splitBy, this.locale);
    const docId = await this.getDocId(text);
    return splits.map((chunk, i) => ({
      id: docId,
      metadata: {
        content: { type: "text", text: chunk },
        doc_id: docId,
        chunk_id: i,
        total_chunks: splits.length,
      },
      embedding: null,
      score: null,
    }));
  }

  /** The document id of `text`: its SHA-256, in hex. */
  getDocId(text: string): Promise<string> {
    return sha256Hex(text);
  }
}
