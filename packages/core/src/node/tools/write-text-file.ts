import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { JsonSchemaObject, ToolDefinition } from "../../tool/tool-definition.js";
import { toolResponse } from "../../tool/tool-response.js";
import {
  calculateViewRanges,
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
const writeParameters: JsonSchemaObject = {
  type: "object",
  properties: {
    file_path: FILE_PATH_PARAMETER,
    content: {
      type: "string",
      description: "The content to be written.",
    },
    ranges: {
      description:
        "The range of lines to be replaced (e.g. [2, 4], inclusive, starting from 1). If not provided, the entire file will be overwritten.",
      minItems: 2,
      maxItems: 2,
      type: "array",
      items: {
        type: "integer",
      },
    },
  },
  required: ["file_path", "content"],
};

/**
 * The `write_text_file` tool (AgentScope's): creates a file, overwrites it, or replaces the lines
 * in `ranges` with `content`, and shows the changed part with line numbers. Missing parent
 * folders are created.
 */
export const writeTextFile: ToolDefinition<{
  file_path: string;
  content: string;
  ranges?: number[];
}> = {
  name: "write_text_file",
  description:
    "Create/Replace/Overwrite content in a text file. When `ranges` is provided, the content will be replaced in the specified range. Otherwise, the entire file (if exists) will be overwritten.",
  parameters: writeParameters,
  // A bad `ranges` is answered in AgentScope's words (below), not the schema validator's.
  ownArgumentErrors: ["ranges"],
  async execute({ file_path, content, ranges }) {
    const path = expandUser(file_path);
    const kind = await pathKind(path);
    if (kind === "other") return toolResponse(`Error: The path ${path} is not a file.`);
    if (kind === "missing") {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content, "utf8");
      return toolResponse(
        pythonTruthy(ranges)
          ? `Create and write ${path} successfully. The ranges ${formatRange(ranges)} is ignored because the file does not exist.`
          : `Create and write ${path} successfully.`,
      );
    }
    if (ranges === undefined || ranges === null) {
      await writeFile(path, content, "utf8");
      return toolResponse(`Overwrite ${path} successfully.`);
    }
    if (!isLineRange(ranges)) {
      return toolResponse(
        `Error: Invalid range format. Expected a list of two integers, but got ${formatRange(ranges)}.`,
      );
    }
    const [start, end] = ranges;
    // Ours, not AgentScope's (which would splice the file at the wrong place).
    if (start < 1 || start > end) {
      return toolResponse(
        `Error: Invalid range ${formatRange(ranges)}. Line numbers start at 1 and the start line must not be greater than the end line.`,
      );
    }
    const original = await readLines(path);
    if (start > original.length) {
      return toolResponse(
        `Error: The start line ${start} is invalid. The file only has ${original.length} lines.`,
      );
    }
    const updated = [...original.slice(0, start - 1), content, ...original.slice(end)].join("");
    await writeFile(path, updated, "utf8");
    // The content may hold several lines: count them from the file as written.
    const lines = await readLines(path);
    const [viewStart, viewEnd] = calculateViewRanges(original.length, lines.length, start, end);
    const snippet = numberLines(lines.slice(viewStart - 1, viewEnd), viewStart);
    return toolResponse(
      `Write ${path} successfully. The new content snippet:\n\`\`\`\n${snippet}\`\`\``,
    );
  },
};
