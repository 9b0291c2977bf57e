import { createHash } from "node:crypto";
import {
  type Document,
  type ImageBlock,
  ReaderBase,
  type SplitBy,
  TextReader,
} from "@agentscope-ts/core";
import {
  blocksToDocuments,
  type ChunkingOptions,
  checkReaderOptions,
  type DataBlock,
  pushText,
} from "./chunk-blocks.js";
import { readBytes } from "./file-input.js";
import { mediaTypeOf, toBase64 } from "./media-type.js";
import {
  attrOf,
  childrenNamed,
  findAll,
  OoxmlPackage,
  tagOf,
  textOf,
  textsUnder,
  type XmlNode,
} from "./ooxml.js";
import { type TableFormat, tableToJson, tableToMarkdown } from "./table-format.js";

/** Options of {@link WordReader} (AgentScope's `WordReader` keyword arguments). */
export interface WordReaderOptions extends ChunkingOptions {
  /** Include images as image chunks (the embedding model must embed images). Default `true`. */
  includeImage?: boolean;
  /** Start a new chunk at every table, so text and tables are not mixed. Default `false`. */
  separateTable?: boolean;
  /** Tables as `"markdown"` (default) or `"json"` (rows as a JSON array; keeps line breaks in cells). */
  tableFormat?: TableFormat;
}

// A paragraph's text: every w:t under it (runs, hyperlinks, revisions, text boxes), stripped.
function paragraphText(p: XmlNode): string {
  return textsUnder(p, "w:t").trim();
}

// A table's cells: for each w:tr, each w:tc's non-empty paragraphs joined by line breaks.
function tableData(tbl: XmlNode): string[][] {
  return childrenNamed(tbl, "w:tr").map((tr) =>
    childrenNamed(tr, "w:tc").map((tc) =>
      childrenNamed(tc, "w:p")
        .map((p) => findAll(p, "w:t").map(textOf).join(""))
        .filter(Boolean)
        .join("\n"),
    ),
  );
}

/**
 * Reads Word documents (.docx) into chunks (AgentScope's `WordReader`): paragraphs, tables (as
 * Markdown or JSON) and images in document order; text is chunked with `TextReader`, each image is
 * a chunk. The document id is the MD5 of the path, as in Python. Damaged or encrypted files give a
 * `ReaderError` naming the file.
 */
export class WordReader extends ReaderBase {
  readonly chunkSize: number;
  readonly splitBy: SplitBy;
  readonly includeImage: boolean;
  readonly separateTable: boolean;
  readonly tableFormat: TableFormat;
  readonly #textReader: TextReader;

  constructor(options: WordReaderOptions = {}) {
    super();
    const { chunkSize = 512, splitBy = "sentence", tableFormat = "markdown" } = options;
    checkReaderOptions("WordReader options", chunkSize, splitBy, tableFormat);
    this.chunkSize = chunkSize;
    this.splitBy = splitBy;
    this.includeImage = options.includeImage ?? true;
    this.separateTable = options.separateTable ?? false;
    this.tableFormat = tableFormat;
    this.#textReader = new TextReader({ chunkSize, splitBy });
  }

  /** Reads the .docx file at `wordPath` into chunk documents. */
  async read(wordPath: string): Promise<Document[]> {
    const pkg = new OoxmlPackage(wordPath, await readBytes(wordPath), "Word (.docx)");
    return blocksToDocuments(this.#blocks(pkg), await this.getDocId(wordPath), this.#textReader);
  }

  #blocks(pkg: OoxmlPackage): DataBlock[] {
    const part = "word/document.xml";
    const body = findAll(pkg.root(part, "w:document"), "w:body")[0];
    const rels = pkg.relationships(part);
    const blocks: DataBlock[] = [];
    let last: "text" | "image" | "table" | null = null;
    for (const el of body ? (body["w:body"] as XmlNode[]) : []) {
      const tag = tagOf(el);
      if (tag === "w:p") {
        const text = paragraphText(el);
        if (this.includeImage) {
          const images = this.#images(pkg, el, rels);
          if (findAll(el, "w:drawing").length > 0 || findAll(el, "w:pict").length > 0) {
            blocks.push(...images);
            last = "image";
          }
        }
        pushText(blocks, text, last === "text" || (last === "table" && !this.separateTable));
        last = "text";
      } else if (tag === "w:tbl") {
        const data = tableData(el);
        const text = this.tableFormat === "markdown" ? tableToMarkdown(data) : tableToJson(data);
        pushText(blocks, text, !this.separateTable && (last === "text" || last === "table"));
        last = "table";
      }
    }
    return blocks;
  }

  // Images of a paragraph: a:blip r:embed in w:drawing, v:imagedata r:id in w:pict.
  #images(pkg: OoxmlPackage, p: XmlNode, rels: Record<string, string>): ImageBlock[] {
    const ids = [
      ...findAll(p, "w:drawing").flatMap((d) =>
        findAll(d, "a:blip").map((b) => attrOf(b, "r:embed")),
      ),
      ...findAll(p, "w:pict").flatMap((d) =>
        findAll(d, "v:imagedata").map((b) => attrOf(b, "r:id")),
      ),
    ];
    const images: ImageBlock[] = [];
    for (const id of ids) {
      const target = id ? rels[id] : undefined;
      const data = target ? pkg.bytes(target) : undefined;
      if (!target || !data) continue; // Python logs and skips images it cannot resolve.
      images.push({
        type: "image",
        source: {
          type: "base64",
          media_type: pkg.contentType(target) ?? mediaTypeOf(data),
          data: toBase64(data),
        },
      });
    }
    return images;
  }

  /** The document id: the MD5 of the path, in hex (as Python's `WordReader`). */
  async getDocId(wordPath: string): Promise<string> {
    return createHash("md5").update(wordPath, "utf8").digest("hex");
  }
}
