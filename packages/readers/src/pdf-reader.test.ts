import { join } from "node:path";
import { ReaderError } from "@agentscope-ts/core";
import { afterAll, describe, expect, it } from "vitest";
import { makeEncryptedPdf, makePdf } from "./__fixtures__/make-files.js";
import { numbering, sha256, tempFolder, texts } from "./__fixtures__/test-helpers.js";
import { PDFReader } from "./pdf-reader.js";

const tmp = tempFolder();
afterAll(tmp.cleanup);

describe("PDFReader", () => {
  it("reads each page's text, joined by a blank line, into sentence chunks", async () => {
    const path = tmp.file(
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
    const bad = tmp.file("bad.pdf", "%PDF-1.7\nthis is not a pdf");
    await expect(new PDFReader().read(bad)).rejects.toThrow(ReaderError);
    await expect(new PDFReader().read(bad)).rejects.toThrow(
      `Cannot read ${bad}: not a readable PDF`,
    );
    const locked = tmp.file("locked.pdf", await makeEncryptedPdf());
    await expect(new PDFReader().read(locked)).rejects.toThrow(
      `Cannot read ${locked}: the PDF is encrypted`,
    );
    const missing = join(tmp.dir, "missing.pdf");
    await expect(new PDFReader().read(missing)).rejects.toMatchObject({
      file: missing,
      code: "reader",
    });
  });
});
