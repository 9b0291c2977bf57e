import { type Document, TextReader, type TextReaderOptions } from "@agentscope-ts/core";
import { readBytes } from "./file-input.js";

/**
 * Reads a UTF-8 text file (.txt, .md, source code…) and chunks it with core's `TextReader`
 * (Python's `TextReader` reads a path when it is given one). Chunk ids are the SHA-256 of the
 * file's text, so an unchanged file keeps its id.
 */
export class TextFileReader extends TextReader {
  constructor(options: TextReaderOptions = {}) {
    super(options);
  }

  /** Reads the text file at `path` into chunk documents. */
  override async read(path: string): Promise<Document[]> {
    return super.read(await readTextFile(path));
  }
}

/** The UTF-8 text of `path` (a `ReaderError` naming it when it cannot be read). */
export async function readTextFile(path: string): Promise<string> {
  return new TextDecoder("utf-8").decode(await readBytes(path));
}
