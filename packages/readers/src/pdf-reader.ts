import { createHash } from "node:crypto";
import {
  type Document,
  ReaderBase,
  ReaderError,
  type SplitBy,
  TextReader,
} from "@agentscope-ts/core";
import { extractText } from "unpdf";
import { type ChunkingOptions, checkReaderOptions } from "./chunk-blocks.js";
import { readBytes } from "./file-input.js";

/** Options of {@link PDFReader}. */
export interface PDFReaderOptions extends ChunkingOptions {}

/**
 * Reads PDF files into text chunks (AgentScope's `PDFReader`): each page's text (with PDF.js, via
 * `unpdf`), pages joined by a blank line, chunked with `TextReader`. As in Python, every chunk's
 * id is the SHA-256 of the path while `metadata.doc_id` is the SHA-256 of the text. Damaged or
 * password-protected files give a `ReaderError` naming the file.
 */
export class PDFReader extends ReaderBase {
  readonly chunkSize: number;
  readonly splitBy: SplitBy;
  readonly #textReader: TextReader;

  constructor(options: PDFReaderOptions = {}) {
    super();
    const { chunkSize = 512, splitBy = "sentence" } = options;
    checkReaderOptions("PDFReader options", chunkSize, splitBy);
    this.chunkSize = chunkSize;
    this.splitBy = splitBy;
    this.#textReader = new TextReader({ chunkSize, splitBy });
  }

  /** Reads the PDF at `pdfPath` into chunk documents. */
  async read(pdfPath: string): Promise<Document[]> {
    const bytes = await readBytes(pdfPath);
    let pages: string[];
    try {
      // extractText opens the document, reads every page and destroys the document again.
      pages = (await extractText(bytes, { mergePages: false })).text;
    } catch (error) {
      const name = (error as Error)?.name;
      throw new ReaderError(
        pdfPath,
        name === "PasswordException"
          ? "the PDF is encrypted with a password; decrypt it first"
          : `not a readable PDF (${(error as Error)?.message ?? String(error)})`,
        { cause: error },
      );
    }
    const docId = await this.getDocId(pdfPath);
    const docs = await this.#textReader.read(pages.join("\n\n"));
    for (const doc of docs) doc.id = docId;
    return docs;
  }

  /** The document id: the SHA-256 of the path, in hex. */
  async getDocId(pdfPath: string): Promise<string> {
    return createHash("sha256").update(pdfPath, "utf8").digest("hex");
  }
}
