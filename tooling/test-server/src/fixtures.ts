import { readFileSync } from "node:fs";

/**
 * Reads a recorded stream (`NAME.chunks.txt`: one event payload per line) into its lines, ready
 * for a `{ type: "stream", chunks }` response. Empty lines are skipped.
 */
export function readChunksFile(path: string | URL): string[] {
  return readFileSync(path, "utf8")
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "");
}

/** Reads a recorded JSON body (`NAME.json`). */
export function readJsonFile<T = unknown>(path: string | URL): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}
