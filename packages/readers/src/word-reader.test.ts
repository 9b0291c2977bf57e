import { ValidationError } from "@agentscope-ts/core";
import { afterAll, describe, expect, it } from "vitest";
import { makeDocx } from "./__fixtures__/make-files.js";
import { md5, numbering, pngBlock, tempFolder, texts } from "./__fixtures__/test-helpers.js";
import { WordReader } from "./word-reader.js";

const tmp = tempFolder();
afterAll(tmp.cleanup);

describe("WordReader", () => {
  it("reads paragraphs, tables and images in order, merging text and tables by default", async () => {
    const path = tmp.file("a.docx", await makeDocx());
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
    const path = tmp.file("b.docx", await makeDocx());
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
    const bad = tmp.file("bad.docx", "plain text");
    await expect(new WordReader().read(bad)).rejects.toThrow(
      `Cannot read ${bad}: not a Word (.docx) file`,
    );
    const ole = tmp.file(
      "enc.docx",
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
    );
    await expect(new WordReader().read(ole)).rejects.toThrow(/encrypted/);
    expect(() => new WordReader({ tableFormat: "csv" as never })).toThrow(ValidationError);
  });
});
