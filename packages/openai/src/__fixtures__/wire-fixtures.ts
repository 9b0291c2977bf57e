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

/** The concatenated `delta.content` (or `delta.reasoning_content`) of recorded chunks. */
export function joinDeltas(lines: string[], key: "content" | "reasoning_content"): string {
  let out = "";
  for (const line of lines) {
    const chunk = JSON.parse(line) as { choices?: { delta?: Record<string, unknown> }[] };
    const value = chunk.choices?.[0]?.delta?.[key];
    if (typeof value === "string") out += value;
  }
  return out;
}
