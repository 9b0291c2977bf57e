import { readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));

// The newest modification time of the files the build reads (sources, not tests).
function newestSource(dir: string): { path: string; mtimeMs: number } {
  let newest = { path: dir, mtimeMs: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = newestSource(path);
      if (inner.mtimeMs > newest.mtimeMs) newest = inner;
    } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
      const { mtimeMs } = statSync(path);
      if (mtimeMs > newest.mtimeMs) newest = { path, mtimeMs };
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
 * Vitest global setup: the tests spawn `dist/bin.js`, which this package's own `build` writes;
 * turbo runs that build before `test` (turbo.json). The tests never build dist themselves (a
 * build here raced turbo's build writing the same files): this fails when dist is missing and
 * warns when it is older than the sources, naming the command to run.
 */
export default function checkDist(): void {
  const bin = join(packageDir, "dist", "bin.js");
  const built = mtime(bin);
  const fix =
    "Build it first: pnpm --filter @agentscope-ts/cli build (turbo run test does it for you).";
  if (built === 0) {
    throw new Error(`${bin} is missing: the CLI tests run the built CLI. ${fix}`);
  }
  const source = newestSource(join(packageDir, "src"));
  if (built < source.mtimeMs) {
    process.stderr.write(
      `warning: ${bin} is older than ${source.path}; the CLI tests run the built CLI. ${fix}\n`,
    );
  }
}
