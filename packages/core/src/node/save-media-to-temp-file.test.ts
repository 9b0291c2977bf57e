import { readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { saveMediaToTempFile } from "./save-media-to-temp-file.js";

describe("saveMediaToTempFile", () => {
  it("writes the decoded bytes to a new temp file named after the media subtype", async () => {
    const a = await saveMediaToTempFile("audio/wav", "ZmFrZSBhdWRpbyBjb250ZW50");
    const b = await saveMediaToTempFile("audio/wav", "ZmFrZSBhdWRpbyBjb250ZW50");
    try {
      expect(a).not.toBe(b);
      expect(dirname(a)).toBe(tmpdir());
      expect(a).toMatch(/\/tmp[0-9a-f]{12}\.wav$/);
      expect(await readFile(a, "utf8")).toBe("fake audio content");
      expect((await stat(a)).mode & 0o777).toBe(0o600);
    } finally {
      await rm(a, { force: true });
      await rm(b, { force: true });
    }
  });
});
