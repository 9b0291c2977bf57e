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
  childrenOf,
  findAll,
  OoxmlPackage,
  tagOf,
  textOf,
  type XmlNode,
} from "./ooxml.js";
import { type TableFormat, tableToJson, tableToMarkdown } from "./table-format.js";

/** Options of {@link PowerPointReader} (AgentScope's `PowerPointReader` keyword arguments). */
export interface PowerPointReaderOptions extends ChunkingOptions {
  /** Include pictures as image chunks. Default `true`. */
  includeImage?: boolean;
  /** Chunk each slide on its own instead of the whole deck as one text. Default `false`. */
  separateSlide?: boolean;
  /** Start a new chunk at every table. Default `false`. */
  separateTable?: boolean;
  /** Tables as `"markdown"` (default) or `"json"`. */
  tableFormat?: TableFormat;
  /** Put before each slide's content; `{index}` is the 1-based slide number. Default `"<slide index={index}>"`; `null` for none. */
  slidePrefix?: string | null;
  /** Put after each slide's content. Default `"</slide>"`; `null` for none. */
  slideSuffix?: string | null;
}

// A paragraph's text as python-pptx gives it: runs and fields, a line break as a vertical tab.
function paragraphText(p: XmlNode): string {
  let text = "";
  for (const child of childrenOf(p)) {
    const tag = tagOf(child);
    if (tag === "a:r" || tag === "a:fld") text += childrenNamed(child, "a:t").map(textOf).join("");
    else if (tag === "a:br") text += "\v";
  }
  return text;
}

const frameText = (txBody: XmlNode) =>
  childrenNamed(txBody, "a:p")
    .map((p) => paragraphText(p))
    .map((t) => t.trim())
    .filter(Boolean)
    .join("\n");

/**
 * Reads PowerPoint decks (.pptx) into chunks (AgentScope's `PowerPointReader`): each slide's text
 * frames, tables and pictures in shape order, wrapped in `<slide index=N>` … `</slide>` by
 * default; text is chunked with `TextReader`, each picture is a chunk. The document id is the
 * SHA-256 of the path. Damaged or encrypted files give a `ReaderError` naming the file.
 */
export class PowerPointReader extends ReaderBase {
  readonly chunkSize: number;
  readonly splitBy: SplitBy;
  readonly includeImage: boolean;
  readonly separateSlide: boolean;
  readonly separateTable: boolean;
  readonly tableFormat: TableFormat;
  readonly slidePrefix: string | null;
  readonly slideSuffix: string | null;
  readonly #textReader: TextReader;

  constructor(options: PowerPointReaderOptions = {}) {
    super();
    const { chunkSize = 512, splitBy = "sentence", tableFormat = "markdown" } = options;
    checkReaderOptions("PowerPointReader options", chunkSize, splitBy, tableFormat);
    this.chunkSize = chunkSize;
    this.splitBy = splitBy;
    this.includeImage = options.includeImage ?? true;
    this.separateSlide = options.separateSlide ?? false;
    this.separateTable = options.separateTable ?? false;
    this.tableFormat = tableFormat;
    this.slidePrefix =
      options.slidePrefix === undefined ? "<slide index={index}>" : options.slidePrefix;
    this.slideSuffix = options.slideSuffix === undefined ? "</slide>" : options.slideSuffix;
    this.#textReader = new TextReader({ chunkSize, splitBy });
  }

  /** Reads the .pptx file at `pptPath` into chunk documents. */
  async read(pptPath: string): Promise<Document[]> {
    const pkg = new OoxmlPackage(pptPath, await readBytes(pptPath), "PowerPoint (.pptx)");
    const docId = await this.getDocId(pptPath);
    const slides = this.#slideParts(pkg).map((part, i) => this.#slideBlocks(pkg, part, i));
    if (!this.separateSlide) return blocksToDocuments(slides.flat(), docId, this.#textReader);
    const docs: Document[] = [];
    for (const blocks of slides)
      docs.push(...(await blocksToDocuments(blocks, docId, this.#textReader)));
    return docs;
  }

  // The slide parts in presentation order (p:sldIdLst).
  #slideParts(pkg: OoxmlPackage): string[] {
    const part = "ppt/presentation.xml";
    const rels = pkg.relationships(part);
    return findAll(pkg.root(part, "p:presentation"), "p:sldId")
      .map((s) => rels[attrOf(s, "r:id") ?? ""])
      .filter((p): p is string => p !== undefined);
  }

  #slideBlocks(pkg: OoxmlPackage, part: string, index: number): DataBlock[] {
    const rels = pkg.relationships(part);
    const header =
      this.slidePrefix === null ? "" : this.slidePrefix.replaceAll("{index}", String(index + 1));
    const tree = findAll(pkg.root(part, "p:sld"), "p:spTree")[0];
    const blocks: DataBlock[] = [];
    let last: "text" | "image" | "table" | null = null;
    const withHeader = (text: string) => (last === null && header ? `${header}\n${text}` : text);
    for (const shape of tree ? childrenOf(tree) : []) {
      const tag = tagOf(shape);
      if (tag === "p:pic" && this.includeImage) {
        const images = this.#images(pkg, shape, rels);
        if (images.length > 0) {
          blocks.push(...images);
          last = "image";
          continue;
        }
      }
      const tbl = tag === "p:graphicFrame" ? findAll(shape, "a:tbl")[0] : undefined;
      if (tbl) {
        const data = childrenNamed(tbl, "a:tr").map((tr) =>
          childrenNamed(tr, "a:tc").map((tc) => {
            const body = childrenNamed(tc, "a:txBody")[0];
            return body
              ? childrenNamed(body, "a:p")
                  .map(paragraphText)
                  .join("\n")
                  .trim()
                  .replace(/\r\n?/g, "\n")
              : "";
          }),
        );
        const text = this.tableFormat === "markdown" ? tableToMarkdown(data) : tableToJson(data);
        if (!text) continue;
        const merge =
          !this.separateTable && (last === "text" || last === "table") && blocks.length > 0;
        pushText(blocks, merge ? text : withHeader(text), merge);
        last = "table";
        continue;
      }
      const txBody = tag === "p:sp" ? childrenNamed(shape, "p:txBody")[0] : undefined;
      const text = txBody ? frameText(txBody) : "";
      if (!text) continue;
      const merge =
        (last === "text" || (last === "table" && !this.separateTable)) && blocks.length > 0;
      pushText(blocks, merge ? text : withHeader(text), merge);
      last = "text";
    }
    if (this.slideSuffix !== null && blocks.length > 0) {
      const lastText = blocks.findLast((b) => b.type === "text");
      if (lastText && lastText.type === "text") lastText.text += `\n${this.slideSuffix}`;
      else
        blocks.push({
          type: "text",
          text: header ? `${header}\n${this.slideSuffix}` : this.slideSuffix,
        });
    }
    return blocks;
  }

  #images(pkg: OoxmlPackage, pic: XmlNode, rels: Record<string, string>): ImageBlock[] {
    const images: ImageBlock[] = [];
    for (const blip of findAll(pic, "a:blip")) {
      const target = rels[attrOf(blip, "r:embed") ?? ""];
      const data = target ? pkg.bytes(target) : undefined;
      if (!data) continue;
      images.push({
        type: "image",
        source: { type: "base64", media_type: mediaTypeOf(data), data: toBase64(data) },
      });
    }
    return images.slice(0, 1); // python-pptx's shape.image is the picture's one image
  }

  /** The document id: the SHA-256 of the path, in hex. */
  async getDocId(pptPath: string): Promise<string> {
    return createHash("sha256").update(pptPath, "utf8").digest("hex");
  }
}
