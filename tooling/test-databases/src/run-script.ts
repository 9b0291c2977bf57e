import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { build } from "esbuild";

/** What {@link runScript} returns: the child's exit code and output. */
export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a TypeScript file in a separate Node process (another "machine" sharing the database):
 * bundles it with esbuild (imports of packages stay imports of their built `dist`), then runs
 * the bundle with this Node. Killed after `timeoutMs`.
 */
export async function runScript(
  file: string,
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<ScriptRun> {
  const out = await bundleScript(file);
  const dir = await mkdtemp(join(tmpdir(), "as-script-")).catch(async (error: unknown) => {
    await rm(out, { force: true });
    throw error;
  });
  try {
    return await new Promise<ScriptRun>((resolve) => {
      execFile(
        process.execPath,
        [out],
        { env: { ...process.env, ...env }, timeout: timeoutMs, cwd: dir },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });
  } finally {
    await rm(out, { force: true });
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Bundles a TypeScript script for a child Node process with esbuild (imports of packages stay
 * imports of their built `dist`) and returns the bundle's path; remove it when done.
 */
export async function bundleScript(file: string): Promise<string> {
  // In the package's node_modules/.cache, so the bundle's package imports resolve from there and
  // no stray file lands in src/ (where lint and the build would see it).
  const cache = join(packageDir(file), "node_modules", ".cache", "agentscope-scripts");
  await mkdir(cache, { recursive: true });
  const out = join(
    cache,
    `${basename(file)}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.mjs`,
  );
  await build({
    entryPoints: [file],
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node22",
    outfile: out,
    logLevel: "silent",
  });
  return out;
}

/** The nearest folder above `file` holding a package.json. */
function packageDir(file: string): string {
  let dir = dirname(file);
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`${file} is not inside a package (no package.json above it).`);
    dir = up;
  }
  return dir;
}
