import { randomBytes } from "node:crypto";
import { open, readdir, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** Temporary files this process is writing now (never cleaned up as stale). */
const inFlight = new Set<string>();

/**
 * Writes `data` to `path` so that readers see either the old file or the whole new one, never a
 * part: the bytes go to a temporary file in the same folder (`.<name>.<pid>-<random>.tmp`), are
 * flushed to disk (fsync), and the temporary file is renamed over `path`. On any failure (a full
 * disk) the temporary file is removed and the previous file stays intact. After a successful
 * write, temporary files of `path` left by a crash (by a process that is no longer running, or
 * by this one and no longer written) are removed.
 */
export async function atomicWriteFile(path: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`);
  inFlight.add(tmp);
  try {
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
  } finally {
    inFlight.delete(tmp);
  }
  await syncDirectory(dir);
  await removeStaleTempFiles(path);
}

/**
 * Removes the temporary files of `path` that no write is using any more: those named for a
 * process that is not running, for this process but not in flight, or in the older
 * `.<name>.<random>.tmp` form. Best effort: errors are ignored.
 */
export async function removeStaleTempFiles(path: string): Promise<string[]> {
  const dir = dirname(path);
  const prefix = `.${basename(path)}.`;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(".tmp")) continue;
    const middle = name.slice(prefix.length, -".tmp".length);
    const full = join(dir, name);
    const owned = /^(\d+)-[0-9a-f]+$/.exec(middle);
    if (owned) {
      const pid = Number(owned[1]);
      if (pid === process.pid ? inFlight.has(full) : isRunning(pid)) continue;
    } else if (!/^[0-9a-f]+$/.test(middle)) {
      continue; // not one of ours
    }
    try {
      await unlink(full);
      removed.push(full);
    } catch {
      // Gone already, or not ours to remove.
    }
  }
  return removed;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
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
