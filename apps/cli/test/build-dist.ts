import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));

// The newest modification time of the files the build reads (sources, not tests).
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

function mtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Vitest global setup: the tests spawn `dist/bin.js`, so build it (`tsc -p tsconfig.build.json`)
 * when it is missing or older than any source file or build config. Dependencies are built by
 * turbo (`test` depends on `^build`).
 */
export default function buildDist(): void {
  const built = mtime(join(packageDir, "dist", "bin.js"));
  const inputs = Math.max(
    newestSource(join(packageDir, "src")),
    mtime(join(packageDir, "tsconfig.build.json")),
    mtime(join(packageDir, "package.json")),
  );
  if (built >= inputs) return;
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], {
    cwd: packageDir,
    stdio: "inherit",
  });
}
