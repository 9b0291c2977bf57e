import { createHash } from "node:crypto";
import {
  type Document,
  type ImageBlock,
  ReaderBase,
  ReaderError,
  type SplitBy,
  TextReader,
} from "@agentscope-ts/core";
import ExcelJS from "exceljs";
import {
  blocksToDocuments,
  type ChunkingOptions,
  checkReaderOptions,
  type DataBlock,
  pushText,
} from "./chunk-blocks.js";
import { readBytes } from "./file-input.js";
import { mediaTypeOf, toBase64 } from "./media-type.js";
import { pythonJson, type TableFormat } from "./table-format.js";

/** Options of {@link ExcelReader} (AgentScope's `ExcelReader` keyword arguments). */
export interface ExcelReaderOptions extends ChunkingOptions {
  /** Start each sheet's text with `Sheet: <name>`. Default `true`. */
  includeSheetNames?: boolean;
  /** Prefix each cell with its coordinates (`[A1] Name`). Default `false`. */
  includeCellCoordinates?: boolean;
  /** Include embedded images as image chunks. Default `false`. */
  includeImage?: boolean;
  /** Chunk each sheet on its own. Default `false`. */
  separateSheet?: boolean;
  /** Start a new chunk at every table. Default `false`. */
  separateTable?: boolean;
  /** Tables as `"markdown"` (default) or `"json"` (one JSON row per line). */
  tableFormat?: TableFormat;
}

/** The Excel column name of a 0-based index: A, B, …, Z, AA, AB… */
export function excelColumnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

const pad = (n: number) => String(n).padStart(2, "0");

// A cell's value as text, as pandas prints it (dates as `YYYY-MM-DD HH:MM:SS`, booleans as True/False).
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) {
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  }
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("text" in value) return String(value.text);
    if ("error" in value) return String(value.error);
    return "";
  }
  return String(value);
}

/**
 * Reads Excel workbooks (.xlsx) into chunks (AgentScope's `ExcelReader`), on `exceljs`: each
 * sheet as a table (Markdown or JSON, optionally with sheet names and cell coordinates) and, with
 * `includeImage`, its images placed by row; text is chunked with `TextReader`. The document id is
 * the SHA-256 of the path. Unlike the Python reader (pandas takes row 1 as column names and leaves
 * it out), every row is kept and coordinates are the real ones. Damaged or encrypted files give a
 * `ReaderError` naming the file.
 */
export class ExcelReader extends ReaderBase {
  readonly chunkSize: number;
  readonly splitBy: SplitBy;
  readonly includeSheetNames: boolean;
  readonly includeCellCoordinates: boolean;
  readonly includeImage: boolean;
  readonly separateSheet: boolean;
  readonly separateTable: boolean;
  readonly tableFormat: TableFormat;
  readonly #textReader: TextReader;

  constructor(options: ExcelReaderOptions = {}) {
    super();
    const { chunkSize = 512, splitBy = "sentence", tableFormat = "markdown" } = options;
    checkReaderOptions("ExcelReader options", chunkSize, splitBy, tableFormat);
    this.chunkSize = chunkSize;
    this.splitBy = splitBy;
    this.includeSheetNames = options.includeSheetNames ?? true;
    this.includeCellCoordinates = options.includeCellCoordinates ?? false;
    this.includeImage = options.includeImage ?? false;
    this.separateSheet = options.separateSheet ?? false;
    this.separateTable = options.separateTable ?? false;
    this.tableFormat = tableFormat;
    this.#textReader = new TextReader({ chunkSize, splitBy });
  }

  /** Reads the .xlsx file at `excelPath` into chunk documents. */
  async read(excelPath: string): Promise<Document[]> {
    const bytes = await readBytes(excelPath);
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
    } catch (error) {
      const encrypted = bytes[0] === 0xd0 && bytes[1] === 0xcf;
      throw new ReaderError(
        excelPath,
        encrypted
          ? "it is encrypted or in the old binary .xls format; remove the password or save it as .xlsx"
          : `not an Excel (.xlsx) file (${(error as Error).message})`,
        { cause: error },
      );
    }
    const docId = await this.getDocId(excelPath);
    const sheets = workbook.worksheets.map((sheet) => this.#sheetBlocks(workbook, sheet));
    if (!this.separateSheet) return blocksToDocuments(sheets.flat(), docId, this.#textReader, true);
    const docs: Document[] = [];
    for (const blocks of sheets)
      docs.push(...(await blocksToDocuments(blocks, docId, this.#textReader, true)));
    return docs;
  }

  #sheetBlocks(workbook: ExcelJS.Workbook, sheet: ExcelJS.Worksheet): DataBlock[] {
    const rows: string[][] = [];
    for (let r = 1; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      const cells: string[] = [];
      for (let c = 1; c <= sheet.columnCount; c++) {
        cells.push(cellText(row.getCell(c).value).trim().replace(/\r\n?/g, "\n"));
      }
      rows.push(cells);
    }
    if (rows.length === 0 || sheet.columnCount === 0) return [];
    const header = this.includeSheetNames ? `Sheet: ${sheet.name}` : null;
    const table =
      this.tableFormat === "markdown" ? this.#markdown(rows, header) : this.#json(rows, header);
    const positioned: [number, DataBlock][] = [[0, { type: "text", text: table }]];
    if (this.includeImage) {
      for (const image of sheet.getImages()) {
        const block = imageBlock(workbook, image.imageId);
        if (block) positioned.push([image.range.tl.nativeRow, block]);
      }
    }
    positioned.sort((a, b) => a[0] - b[0]);
    const blocks: DataBlock[] = [];
    let last: "table" | "image" | null = null;
    for (const [, block] of positioned) {
      if (block.type === "text") {
        pushText(blocks, block.text, !this.separateTable && last === "table");
        last = "table";
      } else {
        blocks.push(block);
        last = "image";
      }
    }
    return blocks;
  }

  #cell(text: string, row: number, col: number): string {
    return this.includeCellCoordinates ? `[${excelColumnName(col)}${row + 1}] ${text}` : text;
  }

  #markdown(rows: string[][], header: string | null): string {
    const cols = rows[0]?.length ?? 0;
    const line = (cells: string[]) => `| ${cells.join(" | ")} |\n`;
    let text = header ? `${header}\n` : "";
    text += line(rows[0]?.map((c, j) => this.#cell(c.replaceAll("|", "\\|"), 0, j)) ?? []);
    text += line(Array(cols).fill("---"));
    rows.slice(1).forEach((row, i) => {
      text += line(row.map((c, j) => this.#cell(c.replaceAll("|", "\\|"), i + 1, j)));
    });
    return text;
  }

  #json(rows: string[][], header: string | null): string {
    const lines = header ? [header] : [];
    lines.push("<system-info>A table loaded as a JSON array:</system-info>");
    rows.forEach((row, i) => {
      lines.push(
        this.includeCellCoordinates
          ? pythonJson(Object.fromEntries(row.map((c, j) => [`${excelColumnName(j)}${i + 1}`, c])))
          : pythonJson(row),
      );
    });
    return lines.join("\n");
  }

  /** The document id: the SHA-256 of the path, in hex. */
  async getDocId(excelPath: string): Promise<string> {
    return createHash("sha256").update(excelPath, "utf8").digest("hex");
  }
}

function imageBlock(workbook: ExcelJS.Workbook, imageId: string): ImageBlock | undefined {
  const image = workbook.getImage(Number(imageId)) as ExcelJS.Image | undefined;
  const data = image?.buffer
    ? new Uint8Array(image.buffer)
    : image?.base64
      ? Buffer.from(image.base64, "base64")
      : undefined;
  if (!data) return undefined; // Python logs and skips images it cannot read.
  return {
    type: "image",
    source: { type: "base64", media_type: mediaTypeOf(data), data: toBase64(data) },
  };
}
