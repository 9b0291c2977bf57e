import { readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { consoleCalls } from "./console-calls.ts";

// Every package logs through core's logger seam (`getLogger()`, `setLogger()`): no `console.*`
// in package or app sources but these, each writing terminal output rather than logging.
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const ALLOWED: Record<string, string> = {
  "packages/core/src/logging/console-logger.ts": "the seam's default logger, the console",
  "packages/core/src/agent/output-sink.ts": "agents' printed messages where there is no stdout",
};
// The examples are programs: what they print is their output (read by examples.test.ts).
const PROGRAMS = "apps/examples/src/";

async function sources(folder: string): Promise<string[]> {
  const out: string[] = [];
  for (const pkg of await readdir(join(root, folder), { withFileTypes: true })) {
    if (!pkg.isDirectory()) continue;
    const src = join(folder, pkg.name, "src");
    const files = await readdir(join(root, src), { recursive: true }).catch(() => []);
    for (const f of files) {
      if (/\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes("__fixtures__")) {
        out.push(join(src, f));
      }
    }
  }
  return out.sort();
}

describe("packages log through the logger seam", () => {
  it("finds console calls in code and not in comments", () => {
    const source = [
      "// console.log('in a comment')",
      "/* console.warn(",
      "   still a comment */",
      "const a = 1; console.error('here');",
      'console["info"]("there");',
    ].join("\n");
    expect(consoleCalls(source)).toEqual([
      { line: 4, call: "console.error" },
      { line: 5, call: "console.info" },
    ]);
  });

  it("no package or app source calls console.* outside the allowed files", async () => {
    const files = [...(await sources("packages")), ...(await sources("apps"))];
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain("packages/core/src/logging/console-logger.ts");
    const offending: string[] = [];
    for (const file of files) {
      if (ALLOWED[file] || file.startsWith(PROGRAMS)) continue;
      for (const c of consoleCalls(await readFile(join(root, file), "utf8"))) {
        offending.push(`${file}:${c.line} ${c.call}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
