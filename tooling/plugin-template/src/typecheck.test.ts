import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const packageDir = fileURLToPath(new URL("..", import.meta.url));

describe("the plugin template", () => {
  it("type-checks, including its @ts-expect-error lines", async () => {
    const result = await promisify(execFile)(process.execPath, [tsc, "-p", "tsconfig.json"], {
      cwd: packageDir,
      timeout: 120_000,
    }).catch((error: { stdout?: string; code?: number }) => error);
    expect((result as { stdout?: string }).stdout ?? "").toBe("");
    expect((result as { code?: number }).code ?? 0).toBe(0);
  }, 150_000);
});
