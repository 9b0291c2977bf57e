import type { ReaderBase } from "@agentscope-ts/core";
import type { ChunkingOptions } from "./chunk-blocks.js";
import { ExcelReader } from "./excel-reader.js";
import { PDFReader } from "./pdf-reader.js";
import { PowerPointReader } from "./powerpoint-reader.js";
import { TextFileReader } from "./text-file-reader.js";
import { WordReader } from "./word-reader.js";

const TEXT = new Set([
  "txt",
  "md",
  "markdown",
  "rst",
  "csv",
  "tsv",
  "json",
  "yaml",
  "yml",
  "html",
  "htm",
  "xml",
  "log",
]);

/**
 * The reader for a file by its extension (.pdf, .docx, .xlsx, .pptx, or a text format), or
 * `undefined` for other files. Office readers leave images out (text embedding models cannot
 * embed them).
 */
export function readerForFile(path: string, options: ChunkingOptions = {}): ReaderBase | undefined {
  const ext = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  if (ext === "pdf") return new PDFReader(options);
  if (ext === "docx") return new WordReader({ ...options, includeImage: false });
  if (ext === "xlsx") return new ExcelReader({ ...options, includeImage: false });
  if (ext === "pptx") return new PowerPointReader({ ...options, includeImage: false });
  if (TEXT.has(ext)) return new TextFileReader(options);
  return undefined;
}
