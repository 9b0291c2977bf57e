import { readdir, readFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { shippedTerms, unshippedClaims, worksTodayRows } from "./shipped-claims.ts";

// Guides and READMEs must not call "planned" (or "not yet", "coming soon"…) what the root
// README's "What works today" table says works: the table is the source of truth.
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

async function readmesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(join(root, folder), { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => join(folder, e.name, "README.md"))
    .sort();
}

async function readIfPresent(path: string): Promise<string | undefined> {
  return readFile(join(root, path), "utf8").catch(() => undefined);
}

const readme = await readFile(join(root, "README.md"), "utf8");
const rows = worksTodayRows(readme);
const terms = shippedTerms(rows);

describe("guides and READMEs agree with the README's 'What works today' table", () => {
  it("reads the table's features and packages", () => {
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((cells) => cells.length === 2)).toBe(true);
    expect(terms.some((t) => t.startsWith("@agentscope-ts/"))).toBe(true);
    expect(terms.some((t) => !t.includes("/"))).toBe(true);
  });

  it("flags a sentence that calls a listed feature planned, and only such a sentence", () => {
    const code = terms.find((t) => !t.includes("/")) as string;
    const pkg = terms.find((t) => t.startsWith("@agentscope-ts/")) as string;
    const text = [
      `# Guide`,
      ``,
      `Intro. \`${code}\` is planned for a later release. Other things work.`,
      `\`${pkg}\` works today.`,
      ``,
      "```ts",
      `// ${pkg} is coming soon (code is not prose)`,
      "```",
      ``,
      `## Not yet`,
      ``,
      `- Something with ${pkg} inside.`,
      ``,
      `## Later section`,
      ``,
      `Uses ${pkg} fine.`,
    ].join("\n");
    const claims = unshippedClaims(text, [code, pkg]);
    expect(claims.map((c) => [c.line, c.term, c.wording])).toEqual([
      [3, code, "planned"],
      [12, pkg, "Not yet"],
    ]);
  });

  it("no guide or README says a listed feature is planned, not yet there or coming", async () => {
    const files = [
      "README.md",
      ...(await readdir(join(root, "docs")))
        .filter((f) => f.endsWith(".md"))
        .map((f) => join("docs", f)),
      ...(await readmesUnder("packages")),
      ...(await readmesUnder("apps")),
      ...(await readmesUnder("tooling")),
    ];
    const found: string[] = [];
    let read = 0;
    for (const file of files) {
      const text = await readIfPresent(file);
      if (text === undefined) continue;
      read++;
      for (const claim of unshippedClaims(text, terms)) {
        found.push(
          `${relative(root, join(root, file))}:${claim.line}: "${claim.wording}" about ${claim.term}: ${claim.text}`,
        );
      }
    }
    expect(read).toBeGreaterThan(20);
    expect(found).toEqual([]);
  });
});
