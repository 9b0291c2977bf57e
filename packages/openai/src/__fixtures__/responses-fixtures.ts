// Test helpers: read the Responses API fixtures of `responses/` (not part of the build).
import { readChunksFile, readJsonFile } from "@agentscope-ts/test-server";

const dir = new URL("./responses/", import.meta.url);

/** The event lines of `responses/<name>.chunks.txt`. */
export function responsesChunks(name: string): string[] {
  return readChunksFile(new URL(`${name}.chunks.txt`, dir));
}

/** The body of `responses/<name>.json`. */
export function responsesJson<T = Record<string, unknown>>(name: string): T {
  return readJsonFile<T>(new URL(`${name}.json`, dir));
}

/** A recording of several streams back to back, split at each `response.created` event. */
export function splitStreams(lines: readonly string[]): string[][] {
  const streams: string[][] = [];
  for (const line of lines) {
    if ((JSON.parse(line) as { type?: unknown }).type === "response.created") streams.push([]);
    streams.at(-1)?.push(line);
  }
  return streams;
}

/** The concatenated `delta` of the events of one type. */
export function joinEventDeltas(lines: readonly string[], type: string): string {
  let out = "";
  for (const line of lines) {
    const event = JSON.parse(line) as { type?: unknown; delta?: unknown };
    if (event.type === type && typeof event.delta === "string") out += event.delta;
  }
  return out;
}
