import { writeFile } from "node:fs/promises";
import type { JsonSchemaObject, ToolDefinition } from "../../tool/tool-definition.js";
import { toolResponse } from "../../tool/tool-response.js";
import {
  calculateViewRanges,
  expandUser,
  FILE_PATH_PARAMETER,
  numberLines,
  pathKind,
  readLines,
} from "./text-file-utils.js";

// A JSON Schema literal (no zod at import): what zod generated before (builtin-tool-schemas.test.ts).
const insertParameters: JsonSchemaObject = {
  type: "object",
  properties: {
    file_path: FILE_PATH_PARAMETER,
    content: {
      type: "string",
      description: "The content to be inserted.",
    },
    line_number: {
      type: "integer",
      description:
        "The line number at which the content should be inserted, starting from 1. Use the number of lines in the file plus one to append to the end of the file.",
    },
  },
  required: ["file_path", "content", "line_number"],
};

/**
 * The `insert_text_file` tool (AgentScope's): inserts `content` before line `line_number` (or
 * appends it at line count + 1) and shows the changed part with line numbers.
 */
export const insertTextFile: ToolDefinition<{
  file_path: string;
  content: string;
  line_number: number;
}> = {
  name: "insert_text_file",
  description: "Insert the content at the specified line number in a text file.",
  parameters: insertParameters,
  async execute({ file_path, content, line_number }) {
    if (line_number <= 0) {
      return toolResponse(`InvalidArgumentsError: The line number ${line_number} is invalid. `);
    }
    const path = expandUser(file_path);
    const kind = await pathKind(path);
    if (kind === "missing") {
      return toolResponse(`InvalidArgumentsError: The target file ${path} does not exist. `);
    }
    if (kind === "other") return toolResponse(`Error: The path ${path} is not a file.`);
    const original = await readLines(path);
    const n = original.length;
    let updated: string[];
    if (line_number === n + 1) {
      const last = original[n - 1];
      // Start a new line unless the file already ends with one.
      updated = [...original, last === undefined || last.endsWith("\n") ? content : `\n${content}`];
    } else if (line_number <= n) {
      updated = [
        ...original.slice(0, line_number - 1),
        `${content}\n`,
        ...original.slice(line_number - 1),
      ];
    } else {
      return toolResponse(
        `InvalidArgumentsError: The given line_number (${line_number}) is not in the valid range [1, ${n + 1}].`,
      );
    }
    await writeFile(path, updated.join(""), "utf8");
    const lines = await readLines(path);
    const [start, end] = calculateViewRanges(n, lines.length, line_number, line_number);
    return toolResponse(
      `Insert content into ${path} at line ${line_number} successfully. The new content between lines ${start}-${end} is:\n\`\`\`\n${numberLines(lines.slice(start - 1, end), start)}\`\`\``,
    );
  },
};
