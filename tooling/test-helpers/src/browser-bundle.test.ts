import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { bundleForBrowser } from "./browser-bundle.js";

const dir = mkdtempSync(join(tmpdir(), "browser-bundle-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("bundleForBrowser", () => {
  it("fails on a Node built-in and lists what a clean entry took in", async () => {
    writeFileSync(
      join(dir, "dirty.ts"),
      'import { readFileSync } from "node:fs";\nexport const r = readFileSync;\n',
    );
    writeFileSync(join(dir, "clean.ts"), 'export { z } from "zod";\nexport const one = 1;\n');
    // esbuild refuses a Node built-in on the browser platform: the bundle fails, naming it.
    await expect(bundleForBrowser(pathToFileURL(join(dir, "dirty.ts")))).rejects.toThrow(/node:fs/);
    const clean = await bundleForBrowser(pathToFileURL(join(dir, "clean.ts")));
    expect(clean.nodeBuiltins).toEqual([]);
    expect(clean.inputs.some((i) => i.endsWith("clean.ts"))).toBe(true);
  });
});
