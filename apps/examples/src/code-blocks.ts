import { readFile } from "node:fs/promises";

/** A fenced code block of a Markdown file: its language, text and the line it starts on. */
export interface CodeBlock {
  lang: string;
  code: string;
  line: number;
}

/** The fenced code blocks of the Markdown file at `path` whose language is in `langs`. */
export async function codeBlocks(
  path: string,
  langs: readonly string[] = ["ts"],
): Promise<CodeBlock[]> {
  const lines = (await readFile(path, "utf8")).split("\n");
  const blocks: CodeBlock[] = [];
  let open: { lang: string; start: number; body: string[] } | undefined;
  for (const [i, line] of lines.entries()) {
    const fence = /^```(\S*)\s*$/.exec(line);
    if (!open && fence) open = { lang: fence[1] ?? "", start: i + 1, body: [] };
    else if (open && line.startsWith("```")) {
      if (langs.includes(open.lang)) {
        blocks.push({ lang: open.lang, code: open.body.join("\n"), line: open.start });
      }
      open = undefined;
    } else open?.body.push(line);
  }
  return blocks;
}
