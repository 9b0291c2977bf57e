/** Helpers shared by the reader tests: a temp folder, hashes, and views of chunk documents. */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PNG } from "./make-files.js";

/** A temp folder for one test file; `file(name, data)` writes into it; `cleanup()` removes it. */
export function tempFolder() {
  const dir = mkdtempSync(join(tmpdir(), "as-readers-"));
  return {
    dir,
    file(name: string, data: Uint8Array | string): string {
      const path = join(dir, name);
      writeFileSync(path, data);
      return path;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Hex SHA-256 of a string's UTF-8 bytes. */
export const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
/** Hex MD5 of a string's UTF-8 bytes. */
export const md5 = (s: string) => createHash("md5").update(s).digest("hex");

/** The chunks' texts (`null` for images). */
export const texts = (docs: { metadata: { content: { type: string } } }[]) =>
  docs.map((d) =>
    d.metadata.content.type === "text"
      ? (d.metadata.content as unknown as { text: string }).text
      : null,
  );

/** The chunks' `[chunk_id, total_chunks]`. */
export const numbering = (docs: { metadata: { chunk_id: number; total_chunks: number } }[]) =>
  docs.map((d) => [d.metadata.chunk_id, d.metadata.total_chunks]);

/** The image block of the test PNG. */
export const pngBlock = {
  type: "image",
  source: { type: "base64", media_type: "image/png", data: PNG.toString("base64") },
};
