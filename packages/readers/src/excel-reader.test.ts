import { afterAll, describe, expect, it } from "vitest";
import { makeXlsx } from "./__fixtures__/make-files.js";
import { numbering, pngBlock, sha256, tempFolder, texts } from "./__fixtures__/test-helpers.js";
import { ExcelReader } from "./excel-reader.js";

const tmp = tempFolder();
afterAll(tmp.cleanup);

describe("ExcelReader", () => {
  it("reads every sheet as a Markdown table with sheet names and coordinates, images by row", async () => {
    const path = tmp.file("a.xlsx", await makeXlsx());
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
    const path = tmp.file("b.xlsx", await makeXlsx());
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
    const bad = tmp.file("bad.xlsx", "nope");
    await expect(new ExcelReader().read(bad)).rejects.toThrow(
      `Cannot read ${bad}: not an Excel (.xlsx) file`,
    );
  });
});
