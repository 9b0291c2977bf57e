import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalFileReader, defaultLocalFileReader } from "./local-file-reader.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "local-file-reader-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("defaultLocalFileReader", () => {
  it("reads a file's bytes", async () => {
    await writeFile(join(dir, "a.bin"), new Uint8Array([1, 2, 3]));
    expect(await defaultLocalFileReader(join(dir, "a.bin"))).toEqual(new Uint8Array([1, 2, 3]));
  });

  it("answers undefined for a missing file, a folder and a path through a file", async () => {
    await writeFile(join(dir, "a.bin"), "x");
    expect(await defaultLocalFileReader(join(dir, "nothing-here"))).toBeUndefined();
    expect(await defaultLocalFileReader(dir)).toBeUndefined();
    expect(await defaultLocalFileReader(join(dir, "a.bin", "inner"))).toBeUndefined();
  });

  it("throws on a name too long unless that code is listed as missing", async () => {
    const long = join(dir, "x".repeat(300));
    await expect(defaultLocalFileReader(long)).rejects.toMatchObject({ code: "ENAMETOOLONG" });
    const lenient = createLocalFileReader({
      missingErrorCodes: ["ENOENT", "ENOTDIR", "ENAMETOOLONG"],
    });
    expect(await lenient(long)).toBeUndefined();
  });
});
