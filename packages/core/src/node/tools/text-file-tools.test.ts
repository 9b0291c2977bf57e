import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ToolResponse } from "../../tool/tool-response.js";
import { Toolkit } from "../../tool/toolkit.js";
import { shortUuid } from "../../utils/short-uuid.js";
import { insertTextFile } from "./insert-text-file.js";
import { readLines } from "./text-file-utils.js";
import { viewTextFile } from "./view-text-file.js";
import { writeTextFile } from "./write-text-file.js";

const ctx = { signal: new AbortController().signal, toolCallId: "t" };
const text = (r: unknown): string =>
  (r as ToolResponse).content.map((b) => (b.type === "text" ? b.text : "")).join("");

/** Calls `tool` through a Toolkit (schema check included) and returns the answer's text. */
async function callText(
  tool: typeof viewTextFile | typeof writeTextFile,
  input: Record<string, unknown>,
): Promise<string> {
  const toolkit = new Toolkit();
  toolkit.registerToolFunction(tool);
  let last = "";
  for await (const r of toolkit.callTool({ type: "tool_use", id: "1", name: tool.name, input })) {
    last = text(r);
  }
  return last;
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "text-tools-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("view_text_file", () => {
  it("shows the whole file or a range with line numbers", async () => {
    const file = join(dir, "ten.txt");
    await writeFile(file, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n");
    const view = async (ranges?: number[]) =>
      text(await viewTextFile.execute({ file_path: file, ranges }, ctx));
    expect(await view()).toBe(
      `The content of ${file}:\n\`\`\`\n1: 1\n2: 2\n3: 3\n4: 4\n5: 5\n6: 6\n7: 7\n8: 8\n9: 9\n10: 10\n\`\`\``,
    );
    expect(await view([3, 5])).toBe(
      `The content of ${file} in [3, 5] lines:\n\`\`\`\n3: 3\n4: 4\n5: 5\n\`\`\``,
    );
    expect(await view([8, 13])).toBe(
      `The content of ${file} in [8, 13] lines:\n\`\`\`\n8: 8\n9: 9\n10: 10\n\`\`\``,
    );
    expect(await view([-2, -1])).toBe(
      `The content of ${file} in [-2, -1] lines:\n\`\`\`\n9: 9\n10: 10\n\`\`\``,
    );
    expect(await view([11, 13])).toBe(
      `InvalidArgumentError: The range '[11, 13]' is out of bounds for the file '${file}', which has only 10 lines.`,
    );
    expect(await view([5, 3])).toBe(
      "InvalidArgumentError: The start line is greater than the end line in the given range [5, 3].",
    );
    expect(await view([0, 3])).toContain("Line numbers start at 1");
  });

  it("answers a missing file or a directory with an error text", async () => {
    expect(text(await viewTextFile.execute({ file_path: "non_existent_file.txt" }, ctx))).toBe(
      "Error: The file non_existent_file.txt does not exist.",
    );
    expect(text(await viewTextFile.execute({ file_path: dir }, ctx))).toBe(
      `Error: The path ${dir} is not a file.`,
    );
  });

  it("expands ~ to the home directory", async () => {
    const name = `.agentscope_tool_test_${shortUuid()}.txt`;
    const real = join(homedir(), name);
    await writeFile(real, "tilde expansion works\n");
    try {
      expect(text(await viewTextFile.execute({ file_path: `~/${name}` }, ctx))).toContain(
        "1: tilde expansion works",
      );
    } finally {
      await rm(real, { force: true });
    }
  });

  it("answers bad ranges through the toolkit in AgentScope's words", async () => {
    const file = join(dir, "ten.txt");
    await writeFile(file, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n");
    const view = (input: Record<string, unknown>) => callText(viewTextFile, input);
    const format = (got: string) =>
      `InvalidArgumentError: Invalid range format. Expected a list of two integers, but got ${got}.`;
    expect(await view({ file_path: file, ranges: [1] })).toBe(format("[1]"));
    expect(await view({ file_path: file, ranges: [1, 2, 3] })).toBe(format("[1, 2, 3]"));
    expect(await view({ file_path: file, ranges: ["1", 5] })).toBe(format("['1', 5]"));
    expect(await view({ file_path: file, ranges: [1.5, 3] })).toBe(format("[1.5, 3]"));
    expect(await view({ file_path: file, ranges: [1, null] })).toBe(format("[1, None]"));
    expect(await view({ file_path: file, ranges: "1-5" })).toBe(format("1-5"));
    expect(await view({ file_path: file, ranges: { start: 1 } })).toBe(format("{'start': 1}"));
    // AgentScope compares start and end as given, before counting negatives from the end.
    expect(await view({ file_path: file, ranges: [5, -1] })).toBe(
      "InvalidArgumentError: The start line is greater than the end line in the given range [5, -1].",
    );
    // `if ranges:` in AgentScope: an empty list shows the whole file.
    expect(await view({ file_path: file, ranges: [] })).toBe(
      `The content of ${file} in [] lines:\n\`\`\`\n1: 1\n2: 2\n3: 3\n4: 4\n5: 5\n6: 6\n7: 7\n8: 8\n9: 9\n10: 10\n\`\`\``,
    );
    // A missing file is named before the ranges are looked at.
    expect(await view({ file_path: join(dir, "none.txt"), ranges: [1] })).toBe(
      `Error: The file ${join(dir, "none.txt")} does not exist.`,
    );
    // Arguments the tool does not check itself keep the schema's answer.
    const missingPath = await view({ ranges: [1] });
    expect(missingPath).toMatch(/^InvalidArgumentsError: /);
    expect(missingPath).toContain("file_path");
  });
});

describe("write_text_file through the toolkit", () => {
  it("answers bad ranges in AgentScope's words and leaves the file alone", async () => {
    const file = join(dir, "three.txt");
    await writeFile(file, "a\nb\nc\n");
    const write = (input: Record<string, unknown>) => callText(writeTextFile, input);
    const format = (got: string) =>
      `Error: Invalid range format. Expected a list of two integers, but got ${got}.`;
    expect(await write({ file_path: file, content: "x", ranges: [1] })).toBe(format("[1]"));
    expect(await write({ file_path: file, content: "x", ranges: [] })).toBe(format("[]"));
    expect(await write({ file_path: file, content: "x", ranges: ["1", "2"] })).toBe(
      format("['1', '2']"),
    );
    expect(await write({ file_path: file, content: "x", ranges: "2" })).toBe(format("2"));
    expect(await readFile(file, "utf8")).toBe("a\nb\nc\n");
    // A new file is written whatever the ranges; only a true value of them is mentioned.
    const created = join(dir, "created.txt");
    expect(await write({ file_path: created, content: "z", ranges: [] })).toBe(
      `Create and write ${created} successfully.`,
    );
    const other = join(dir, "other.txt");
    expect(await write({ file_path: other, content: "z", ranges: [7] })).toBe(
      `Create and write ${other} successfully. The ranges [7] is ignored because the file does not exist.`,
    );
    expect(await readFile(other, "utf8")).toBe("z");
  });
});

describe("write_text_file", () => {
  it("creates, replaces a range and overwrites, as AgentScope reports it", async () => {
    const file = join(dir, "sub", "tmp.txt");
    expect(text(await writeTextFile.execute({ file_path: file, content: "a\nb\nc\n" }, ctx))).toBe(
      `Create and write ${file} successfully.`,
    );
    expect(
      text(await writeTextFile.execute({ file_path: file, content: "d\n", ranges: [2, 2] }, ctx)),
    ).toBe(
      `Write ${file} successfully. The new content snippet:\n\`\`\`\n1: a\n2: d\n3: c\n\`\`\``,
    );
    expect(await readFile(file, "utf8")).toBe("a\nd\nc\n");
    expect(
      text(await writeTextFile.execute({ file_path: file, content: "x\n", ranges: [9, 9] }, ctx)),
    ).toBe("Error: The start line 9 is invalid. The file only has 3 lines.");
    expect(
      text(await writeTextFile.execute({ file_path: file, content: "x\n", ranges: [3, 1] }, ctx)),
    ).toContain("Error: Invalid range [3, 1].");
    expect(text(await writeTextFile.execute({ file_path: file, content: "new" }, ctx))).toBe(
      `Overwrite ${file} successfully.`,
    );
    expect(await readFile(file, "utf8")).toBe("new");
    const other = join(dir, "other.txt");
    expect(
      text(await writeTextFile.execute({ file_path: other, content: "z", ranges: [1, 2] }, ctx)),
    ).toBe(
      `Create and write ${other} successfully. The ranges [1, 2] is ignored because the file does not exist.`,
    );
    expect(text(await writeTextFile.execute({ file_path: dir, content: "z" }, ctx))).toBe(
      `Error: The path ${dir} is not a file.`,
    );
  });

  it("replaces a range with several lines and shows the context", async () => {
    const file = join(dir, "many.txt");
    await writeFile(file, `${Array.from({ length: 20 }, (_, i) => `L${i + 1}`).join("\n")}\n`);
    const out = text(
      await writeTextFile.execute({ file_path: file, content: "X\nY\nZ\n", ranges: [10, 11] }, ctx),
    );
    expect(out).toBe(
      `Write ${file} successfully. The new content snippet:\n\`\`\`\n` +
        "5: L5\n6: L6\n7: L7\n8: L8\n9: L9\n10: X\n11: Y\n12: Z\n13: L12\n14: L13\n15: L14\n16: L15\n17: L16\n```",
    );
  });
});

describe("insert_text_file", () => {
  it("inserts lines and shows the context, matching AgentScope's texts", async () => {
    const file = join(dir, "tmp.txt");
    await writeFile(file, Array.from({ length: 50 }, (_, i) => String(i)).join("\n"));
    const insert = async (content: string, line_number: number) =>
      text(await insertTextFile.execute({ file_path: file, content, line_number }, ctx));

    expect(await insert("d", 1)).toBe(
      `Insert content into ${file} at line 1 successfully. The new content between lines 1-7 is:\n` +
        "```\n1: d\n2: 0\n3: 1\n4: 2\n5: 3\n6: 4\n7: 5\n```",
    );
    expect(await insert("e", 25)).toBe(
      `Insert content into ${file} at line 25 successfully. The new content between lines 20-31 is:\n` +
        "```\n20: 18\n21: 19\n22: 20\n23: 21\n24: 22\n25: e\n26: 23\n27: 24\n28: 25\n29: 26\n30: 27\n31: 28\n```",
    );
    expect(await insert("a\nb\nc\nd\ne\nf\ng\nh\ni\nj", 25)).toBe(
      `Insert content into ${file} at line 25 successfully. The new content between lines 20-40 is:\n` +
        "```\n20: 18\n21: 19\n22: 20\n23: 21\n24: 22\n25: a\n26: b\n27: c\n28: d\n29: e\n30: f\n31: g\n32: h\n33: i\n34: j\n35: e\n36: 23\n37: 24\n38: 25\n39: 26\n40: 27\n```",
    );
    expect(await insert("The\nlast\nline", 63)).toBe(
      `Insert content into ${file} at line 63 successfully. The new content between lines 58-65 is:\n` +
        "```\n58: 45\n59: 46\n60: 47\n61: 48\n62: 49\n63: The\n64: last\n65: line```",
    );
    expect(await insert("end\nof\ntest", 100)).toBe(
      "InvalidArgumentsError: The given line_number (100) is not in the valid range [1, 66].",
    );
    expect(await insert("x", 0)).toBe("InvalidArgumentsError: The line number 0 is invalid. ");
  });

  it("appends to a file that ends with a newline without an empty line", async () => {
    const file = join(dir, "nl.txt");
    await writeFile(file, "a\nb\n");
    await insertTextFile.execute({ file_path: file, content: "c\n", line_number: 3 }, ctx);
    expect(await readFile(file, "utf8")).toBe("a\nb\nc\n");
  });

  it("answers a missing file or a directory with an error text", async () => {
    const missing = join(dir, "missing.txt");
    expect(
      text(await insertTextFile.execute({ file_path: missing, content: "x", line_number: 1 }, ctx)),
    ).toBe(`InvalidArgumentsError: The target file ${missing} does not exist. `);
    await mkdir(join(dir, "d"));
    expect(
      text(
        await insertTextFile.execute(
          { file_path: join(dir, "d"), content: "x", line_number: 1 },
          ctx,
        ),
      ),
    ).toBe(`Error: The path ${join(dir, "d")} is not a file.`);
  });
});

describe("readLines", () => {
  it("reads lines like Python's readlines in text mode", async () => {
    const file = join(dir, "crlf.txt");
    await writeFile(file, "a\r\nb\rc");
    expect(await readLines(file)).toEqual(["a\n", "b\n", "c"]);
    await writeFile(file, "");
    expect(await readLines(file)).toEqual([]);
  });
});
