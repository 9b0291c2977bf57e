import { readFile } from "node:fs/promises";
import { ReaderError } from "@agentscope-ts/core";

/** The bytes of `path`, or a `ReaderError` naming it (missing, unreadable, a folder). */
export async function readBytes(path: string): Promise<Uint8Array> {
  if (typeof path !== "string" || path === "") {
    throw new ReaderError(String(path), "expected a file path (a non-empty string)");
  }
  try {
    return new Uint8Array(await readFile(path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "it is a folder"
          : (error as Error).message;
    throw new ReaderError(path, why, { cause: error });
  }
}
