import { randomBytes } from "node:crypto";
import { open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/**
 * Writes `data` to `path` so that readers see either the old file or the whole new one, never a
 * part: the bytes go to a temporary file in the same folder, are flushed to disk (fsync), and the
 * temporary file is renamed over `path`. On any failure (a full disk, a crash) the temporary file
 * is removed and the previous file stays intact.
 */
export async function atomicWriteFile(path: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(tmp, "wx", 0o644);
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, path);
  } catch (error) {
    await unlink(tmp).catch(() => {});
    throw error;
  }
  await syncDirectory(dir);
}

/** Flushes a folder's entry list so a rename survives a power cut (best effort; not on Windows). */
async function syncDirectory(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(dir, "r");
    await handle.sync();
  } catch {
    // Some platforms and file systems cannot fsync a directory; the rename is still atomic.
  } finally {
    await handle?.close().catch(() => {});
  }
}
