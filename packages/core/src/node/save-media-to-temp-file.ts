import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The Node `Base64MediaSaver`, as AgentScope's `_save_base64_data`: decodes `base64Data` into a
 * new file in the OS temp folder named `tmp<random>.<subtype>` (the extension is the part of
 * `mediaType` after `/`, e.g. `.png` for `image/png`) and returns its absolute path. The file is
 * kept (created owner-only); pass this as a formatter's `saveBase64Data` option.
 */
export async function saveMediaToTempFile(mediaType: string, base64Data: string): Promise<string> {
  const extension = `.${mediaType.split("/").pop() ?? ""}`;
  const bytes = Buffer.from(base64Data, "base64");
  for (let attempt = 0; ; attempt++) {
    const path = join(tmpdir(), `tmp${randomBytes(6).toString("hex")}${extension}`);
    try {
      await writeFile(path, bytes, { flag: "wx", mode: 0o600 });
      return path;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "EEXIST" || attempt >= 4) throw error;
    }
  }
}
