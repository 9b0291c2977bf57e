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

/** The parts of every candidate of recorded stream chunks, in order. */
export function wireParts(name: string): Record<string, unknown>[] {
  return wireChunks(name).flatMap((line) => {
    const chunk = JSON.parse(line) as {
      candidates?: { content?: { parts?: Record<string, unknown>[] } }[];
    };
    return chunk.candidates?.[0]?.content?.parts ?? [];
  });
}

/** The Developer API path (SDK 3.x calls `v1`) of a model method, e.g. `/v1/models/gemini-3-pro-preview:generateContent`. */
export function geminiPath(model: string, method: string): string {
  return `/v1/models/${model}:${method}`;
}
