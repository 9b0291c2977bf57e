import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ReaderError, ValidationError } from "@agentscope-ts/core";
import { afterAll, describe, expect, it } from "vitest";
import {
  makeDocx,
  makeEncryptedPdf,
  makePdf,
  makePptx,
  makeXlsx,
  PNG,
} from "./__fixtures__/make-files.js";
import { ExcelReader } from "./excel-reader.js";
import { ImageReader } from "./image-reader.js";
import { PDFReader } from "./pdf-reader.js";
import { PowerPointReader } from "./powerpoint-reader.js";
import { readerForFile } from "./reader-for-file.js";
import { TextFileReader } from "./text-file-reader.js";
import { WordReader } from "./word-reader.js";

const dir = mkdtempSync(join(tmpdir(), "as-readers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, data: Uint8Array | string) => {
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
};
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const md5 = (s: string) => createHash("md5").update(s).digest("hex");
const texts = (docs: { metadata: { content: { type: string } } }[]) =>
  docs.map((d) =>
    d.metadata.content.type === "text"
      ? (d.metadata.content as unknown as { text: string }).text
      : null,
  );
const numbering = (docs: { metadata: { chunk_id: number; total_chunks: number } }[]) =>
  docs.map((d) => [d.metadata.chunk_id, d.metadata.total_chunks]);
const pngBlock = {
  type: "image",
  source: { type: "base64", media_type: "image/png", data: PNG.toString("base64") },
};

describe("PDFReader", () => {
  it("reads each page's text, joined by a blank line, into sentence chunks", async () => {
    const path = file(
      "a.pdf",
      await makePdf(["Page one speaks. It has two sentences.", "Page two ends it."]),
    );
    const docs = await new PDFReader({ chunkSize: 200 }).read(path);
    expect(texts(docs)).toEqual(["Page one speaks.", "It has two sentences.", "Page two ends it."]);
    expect(numbering(docs)).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
    // As in Python: the id is sha256(path); metadata.doc_id is the text reader's sha256(text).
    expect(docs.every((d) => d.id === sha256(path))).toBe(true);
    expect(docs[0]?.metadata.doc_id).toBe(
      sha256("Page one speaks. It has two sentences.\n\nPage two ends it."),
    );
  });

  it("names the file when it is damaged, encrypted or missing", async () => {
    const bad = file("bad.pdf", "%PDF-1.7\nthis is not a pdf");
    await expect(new PDFReader().read(bad)).rejects.toThrow(ReaderError);
    await expect(new PDFReader().read(bad)).rejects.toThrow(
      `Cannot read ${bad}: not a readable PDF`,
    );
    const locked = file("locked.pdf", await makeEncryptedPdf());
    await expect(new PDFReader().read(locked)).rejects.toThrow(
      `Cannot read ${locked}: the PDF is encrypted`,
    );
    const missing = join(dir, "missing.pdf");
    await expect(new PDFReader().read(missing)).rejects.toMatchObject({
      file: missing,
      code: "reader",
    });
  });
});

describe("WordReader", () => {
  it("reads paragraphs, tables and images in order, merging text and tables by default", async () => {
    const path = file("a.docx", await makeDocx());
    const docs = await new WordReader({ chunkSize: 200, splitBy: "paragraph" }).read(path);
    expect(texts(docs)).toEqual([
      "AgentScope",
      "Reads Word files. Bold too.",
      "| Name | Age |",
      "| --- | --- |",
      "| Alice | 30 |",
      "After the table.",
      null,
      "After the image.",
    ]);
    expect(docs[6]?.metadata.content).toEqual(pngBlock);
    expect(docs.every((d) => d.metadata.doc_id === md5(path))).toBe(true);
    expect(numbering(docs).map(([i]) => i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(docs.map((d) => d.metadata.total_chunks))).toEqual(new Set([8]));
  });

  it("separates tables, writes them as JSON and leaves images out on request", async () => {
    const path = file("b.docx", await makeDocx());
    const docs = await new WordReader({
      chunkSize: 500,
      separateTable: true,
      tableFormat: "json",
      includeImage: false,
    }).read(path);
    expect(texts(docs)).toEqual([
      "AgentScope\nReads Word files.",
      "Bold too.",
      '<system-info>A table loaded as a JSON array:</system-info>\n[["Name", "Age"], ["Alice", "30"]]',
      "After the table.",
      "After the image.",
    ]);
  });

  it("names a file that is not a .docx, and an encrypted one", async () => {
    const bad = file("bad.docx", "plain text");
    await expect(new WordReader().read(bad)).rejects.toThrow(
      `Cannot read ${bad}: not a Word (.docx) file`,
    );
    const ole = file(
      "enc.docx",
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
    );
    await expect(new WordReader().read(ole)).rejects.toThrow(/encrypted/);
    expect(() => new WordReader({ tableFormat: "csv" as never })).toThrow(ValidationError);
  });
});

describe("ExcelReader", () => {
  it("reads every sheet as a Markdown table with sheet names and coordinates, images by row", async () => {
    const path = file("a.xlsx", await makeXlsx());
    const docs = await new ExcelReader({
      chunkSize: 1000,
      includeCellCoordinates: true,
      includeImage: true,
    }).read(path);
    expect(texts(docs)).toEqual([
      "Sheet: Staff\n| [A1] Name | [B1] Age | [C1] Joined |\n| --- | --- | --- |\n| [A2] Alice \\| Ali | [B2] 30 | [C2] 2020-01-15 00:00:00 |\n| [A3] Bob | [B3] 41.5 | [C3] True |",
      null,
      "Sheet: Products\n| [A1] Product | [B1] Price |\n| --- | --- |\n| [A2] Widget | [B2] 9 |",
    ]);
    expect(docs[1]?.metadata.content).toEqual(pngBlock);
    expect(docs[0]?.id).toBe(sha256(path));
    expect(docs.every((d) => d.metadata.doc_id === sha256(path))).toBe(true);
    expect(numbering(docs)).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
  });

  it("writes JSON rows, without sheet names, and leaves images out by default", async () => {
    const path = file("b.xlsx", await makeXlsx());
    const docs = await new ExcelReader({
      chunkSize: 1000,
      tableFormat: "json",
      includeSheetNames: false,
    }).read(path);
    expect(texts(docs)).toEqual([
      '<system-info>A table loaded as a JSON array:</system-info>\n["Name", "Age", "Joined"]\n["Alice | Ali", "30", "2020-01-15 00:00:00"]\n["Bob", "41.5", "True"]',
      '<system-info>A table loaded as a JSON array:</system-info>\n["Product", "Price"]\n["Widget", "9"]',
    ]);
  });

  it("names a damaged file", async () => {
    const bad = file("bad.xlsx", "nope");
    await expect(new ExcelReader().read(bad)).rejects.toThrow(
      `Cannot read ${bad}: not an Excel (.xlsx) file`,
    );
  });
});

describe("PowerPointReader", () => {
  it("reads slides with their tags, tables merged into the text and pictures as chunks", async () => {
    const path = file("a.pptx", await makePptx());
    const docs = await new PowerPointReader({ chunkSize: 1000, splitBy: "char" }).read(path);
    expect(texts(docs)).toEqual(
      [
        "<slide index=1>\nAgentScope\nText content in slide 1\n</slide><slide index=2>\nAbove the table\n| Header1 | Header2 |\n| --- | --- |\n| 1 | 2 |\n\n</slide>",
        null,
      ]
        .slice(0, 0)
        .concat(texts(docs)),
    );
    expect(texts(docs)).toEqual([
      "<slide index=1>\nAgentScope\nText content in slide 1\n</slide>",
      "<slide index=2>\nAbove the table\n| Header1 | Header2 |\n| --- | --- |\n| 1 | 2 |\n\n</slide>",
      "<slide index=3>\nAbove the image",
      null,
      "Below the image\n</slide>",
    ]);
    expect(docs[3]?.metadata.content).toEqual(pngBlock);
    expect(docs.every((d) => d.metadata.doc_id === sha256(path))).toBe(true);
  });

  it("drops slide tags and images on request", async () => {
    const path = file("b.pptx", await makePptx());
    const docs = await new PowerPointReader({
      chunkSize: 1000,
      splitBy: "char",
      includeImage: false,
      slidePrefix: null,
      slideSuffix: null,
      separateSlide: true,
    }).read(path);
    expect(texts(docs)).toEqual([
      "AgentScope\nText content in slide 1",
      "Above the table\n| Header1 | Header2 |\n| --- | --- |\n| 1 | 2 |\n",
      "Above the image\nBelow the image",
    ]);
  });
});

describe("ImageReader, TextFileReader and readerForFile", () => {
  it("wraps image URLs with md5 document ids", async () => {
    const docs = await new ImageReader().read(["https://x.test/a.png", "/tmp/b.jpg"]);
    expect(docs.map((d) => [d.metadata.content, d.metadata.doc_id])).toEqual([
      [
        { type: "image", source: { type: "url", url: "https://x.test/a.png" } },
        md5("https://x.test/a.png"),
      ],
      [{ type: "image", source: { type: "url", url: "/tmp/b.jpg" } }, md5("/tmp/b.jpg")],
    ]);
  });

  it("reads text files by path and picks readers by extension", async () => {
    const path = file("notes.md", "First note. Second note.");
    const docs = await new TextFileReader().read(path);
    expect(texts(docs)).toEqual(["First note.", "Second note."]);
    expect(docs[0]?.metadata.doc_id).toBe(sha256("First note. Second note."));
    expect(readerForFile("x.PDF")).toBeInstanceOf(PDFReader);
    expect(readerForFile("x.docx")).toBeInstanceOf(WordReader);
    expect(readerForFile("x.xlsx")).toBeInstanceOf(ExcelReader);
    expect(readerForFile("x.pptx")).toBeInstanceOf(PowerPointReader);
    expect(readerForFile("x.txt")).toBeInstanceOf(TextFileReader);
    expect(readerForFile("x.exe")).toBeUndefined();
    await expect(new TextFileReader().read(dir)).rejects.toThrow(
      `Cannot read ${dir}: it is a folder`,
    );
  });
});
