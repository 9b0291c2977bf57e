import type { JsonSchemaObject, ToolDefinition } from "../../tool/tool-definition.js";
import { toolResponse } from "../../tool/tool-response.js";
import {
  expandUser,
  FILE_PATH_PARAMETER,
  formatRange,
  isLineRange,
  numberLines,
  pathKind,
  pythonTruthy,
  readLines,
} from "./text-file-utils.js";

// A JSON Schema literal (no zod at import): what zod generated before (builtin-tool-schemas.test.ts).
const viewParameters: JsonSchemaObject = {
  type: "object",
  properties: {
    file_path: FILE_PATH_PARAMETER,
    ranges: {
      description:
        "The range of lines to be viewed (e.g. lines 1 to 100: [1, 100]), inclusive. If not provided, the entire file will be returned. To view the last 100 lines, use [-100, -1].",
      minItems: 2,
      maxItems: 2,
      type: "array",
      items: {
        type: "integer",
      },
    },
  },
  required: ["file_path"],
};

/**
 * Shows `lines` in the 1-based inclusive range `ranges` (negative numbers count from the end:
 * `[-100, -1]` is the last 100 lines), or returns an AgentScope `InvalidArgumentError` text.
 * `ranges` is checked here, not by the schema, so the model reads AgentScope's words: the format
 * (a list of two integers), then start > end as given, then the file's length.
 */
export function viewLines(
  lines: readonly string[],
  ranges: unknown,
  filePath: string,
): { ok: true; text: string } | { ok: false; error: string } {
  if (!isLineRange(ranges)) {
    return {
      ok: false,
      error: `InvalidArgumentError: Invalid range format. Expected a list of two integers, but got ${formatRange(ranges)}.`,
    };
  }
  const n = lines.length;
  let [start, end] = ranges;
  const reversed = `InvalidArgumentError: The start line is greater than the end line in the given range ${formatRange(ranges)}.`;
  if (start > end) return { ok: false, error: reversed };
  // Ours, not AgentScope's (which slices from line 0 or from the end): line 0 is no line.
  if (start === 0 || end === 0) {
    return {
      ok: false,
      error: `InvalidArgumentError: Line numbers start at 1 (negative numbers count from the end), but got ${formatRange(ranges)}.`,
    };
  }
  if (start < 0) start = Math.max(1, n + start + 1);
  if (end < 0) end = n + end + 1;
  if (start > end) return { ok: false, error: reversed };
  if (start > n) {
    return {
      ok: false,
      error: `InvalidArgumentError: The range '${formatRange(ranges)}' is out of bounds for the file '${filePath}', which has only ${n} lines.`,
    };
  }
  return { ok: true, text: numberLines(lines.slice(start - 1, end), start) };
}

/**
 * The `view_text_file` tool (AgentScope's): shows a text file, or a range of its lines, with line
 * numbers. A missing file, a directory or a bad range is answered with an error text.
 */
export const viewTextFile: ToolDefinition<{ file_path: string; ranges?: number[] }> = {
  name: "view_text_file",
  description:
    "View the file content in the specified range with line numbers. If `ranges` is not provided, the entire file will be returned.",
  parameters: viewParameters,
  // A bad `ranges` is answered in AgentScope's words (viewLines), not the schema validator's.
  ownArgumentErrors: ["ranges"],
  async execute({ file_path, ranges }) {
    const path = expandUser(file_path);
    const kind = await pathKind(path);
    if (kind === "missing") return toolResponse(`Error: The file ${path} does not exist.`);
    if (kind === "other") return toolResponse(`Error: The path ${path} is not a file.`);
    const lines = await readLines(path);
    if (ranges === undefined || ranges === null) {
      return toolResponse(`The content of ${path}:\n\`\`\`\n${numberLines(lines, 1)}\`\`\``);
    }
    // AgentScope tests `if ranges:`, so an empty list (or another false value) shows the whole
    // file, under the header that names the ranges.
    if (!pythonTruthy(ranges)) {
      return toolResponse(
        `The content of ${path} in ${formatRange(ranges)} lines:\n\`\`\`\n${numberLines(lines, 1)}\`\`\``,
      );
    }
    const view = viewLines(lines, ranges, path);
    if (!view.ok) return toolResponse(view.error);
    return toolResponse(
      `The content of ${path} in ${formatRange(ranges)} lines:\n\`\`\`\n${view.text}\`\`\``,
    );
  },
};
