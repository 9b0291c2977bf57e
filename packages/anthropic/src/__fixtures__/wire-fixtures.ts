// Test helpers: read the recorded wire fixtures of this folder (not part of the build).
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

/** The concatenated `text_delta` (or `thinking_delta`) pieces of recorded stream events. */
export function joinDeltas(lines: string[], key: "text" | "thinking" = "text"): string {
  let out = "";
  for (const line of lines) {
    const event = JSON.parse(line) as { type?: string; delta?: Record<string, unknown> };
    const value = event.type === "content_block_delta" ? event.delta?.[key] : undefined;
    if (typeof value === "string") out += value;
  }
  return out;
}
