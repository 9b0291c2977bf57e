// Test helpers: read the wire fixtures of this folder (not part of the build).
import { readChunksFile, readJsonFile } from "@agentscope-ts/test-server";

const dir = new URL("./wire/", import.meta.url);

/** The lines of `wire/<name>.chunks.txt`. */
export function wireChunks(name: string): string[] {
  return readChunksFile(new URL(`${name}.chunks.txt`, dir));
}

/** The body of `wire/<name>.json`. */
export function wireJson<T = Record<string, unknown>>(name: string): T {
  return readJsonFile<T>(new URL(`${name}.json`, dir));
}

/** A DashScope-framed stream replay of `wire/<name>.chunks.txt`. */
export function dashscopeStream(name: string, extra: { delayMs?: number; cutAfter?: number } = {}) {
  return { type: "stream" as const, format: "dashscope" as const, chunks: wireChunks(name), ...extra };
}
