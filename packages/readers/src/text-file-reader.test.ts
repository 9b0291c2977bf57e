import { afterAll, describe, expect, it } from "vitest";
import { sha256, tempFolder, texts } from "./__fixtures__/test-helpers.js";
import { ExcelReader } from "./excel-reader.js";
import { PDFReader } from "./pdf-reader.js";
import { PowerPointReader } from "./powerpoint-reader.js";
import { readerForFile } from "./reader-for-file.js";
import { TextFileReader } from "./text-file-reader.js";
import { WordReader } from "./word-reader.js";

const tmp = tempFolder();
afterAll(tmp.cleanup);

describe("TextFileReader and readerForFile", () => {
  it("reads text files by path and picks readers by extension", async () => {
    const path = tmp.file("notes.md", "First note. Second note.");
    const docs = await new TextFileReader().read(path);
    expect(texts(docs)).toEqual(["First note.", "Second note."]);
    expect(docs[0]?.metadata.doc_id).toBe(sha256("First note. Second note."));
    expect(readerForFile("x.PDF")).toBeInstanceOf(PDFReader);
    expect(readerForFile("x.docx")).toBeInstanceOf(WordReader);
    expect(readerForFile("x.xlsx")).toBeInstanceOf(ExcelReader);
    expect(readerForFile("x.pptx")).toBeInstanceOf(PowerPointReader);
    expect(readerForFile("x.txt")).toBeInstanceOf(TextFileReader);
    expect(readerForFile("x.exe")).toBeUndefined();
    await expect(new TextFileReader().read(tmp.dir)).rejects.toThrow(
      `Cannot read ${tmp.dir}: it is a folder`,
    );
  });
});
