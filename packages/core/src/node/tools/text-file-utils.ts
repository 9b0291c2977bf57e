import { readFile, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { pythonRepr } from "../../token/python-repr.js";

/** Expands a leading `~` to the home directory, as Python's `os.path.expanduser` does. */
export function expandUser(path: string): string {
  if (path === "~") return homedir();
  if (path.startsWith("~/") || path.startsWith("~\\")) return join(homedir(), path.slice(2));
  return path;
}

/** What is at a path: nothing, a regular file, or something else (a directory, a device…). */
export async function pathKind(path: string): Promise<"missing" | "file" | "other"> {
  try {
    return (await stat(path)).isFile() ? "file" : "other";
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "missing";
    throw error;
  }
}

/**
 * Reads a UTF-8 text file as lines that keep their `\n` (Python's `readlines()` in text mode:
 * `\r\n` and `\r` read as `\n`; the last line has no `\n` when the file does not end with one).
 */
export async function readLines(path: string): Promise<string[]> {
  const text = (await readFile(path, "utf8")).replace(/\r\n?/g, "\n");
  if (text === "") return [];
  const lines = text.split("\n").map((line) => `${line}\n`);
  const last = lines.length - 1;
  // split leaves "" after a final "\n"; otherwise the last line had no newline.
  if (text.endsWith("\n")) lines.pop();
  else lines[last] = (lines[last] as string).slice(0, -1);
  return lines;
}

/** Numbers `lines` from `firstNumber`: `"3: text\n"`. */
export function numberLines(lines: readonly string[], firstNumber: number): string {
  let out = "";
  for (let i = 0; i < lines.length; i++) out += `${firstNumber + i}: ${lines[i]}`;
  return out;
}

/**
 * A `ranges` argument as AgentScope's texts print it (Python's `str()`): `[3, 5]`, `[1, '2']`,
 * `1-5` for a string, `None`.
 */
export const formatRange = (ranges: unknown): string =>
  typeof ranges === "string" ? ranges : pythonRepr(ranges);

/**
 * Python's truth value of a JSON value: `None`, `False`, `0`, `""`, `[]` and `{}` are false
 * (AgentScope's tools test `if ranges:`).
 */
export function pythonTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === "")
    return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}

/**
 * The lines to show after an edit of lines `start..end`: five lines of context around the changed
 * part, within the new file (AgentScope's `_calculate_view_ranges`).
 */
export function calculateViewRanges(
  oldLineCount: number,
  newLineCount: number,
  start: number,
  end: number,
  extraViewLines = 5,
): [number, number] {
  const viewStart = Math.max(1, start - extraViewLines);
  const viewEnd = Math.min(end + newLineCount - oldLineCount + extraViewLines, newLineCount);
  return [viewStart, viewEnd];
}

/** True when `ranges` is a list of two integers. */
export const isLineRange = (ranges: unknown): ranges is [number, number] =>
  Array.isArray(ranges) && ranges.length === 2 && ranges.every((n) => Number.isInteger(n));

/** The `file_path` argument every text-file tool takes (its JSON Schema, as the model sees it). */
export const FILE_PATH_PARAMETER = {
  type: "string",
  description: "The target file path.",
} as const;
