import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
  const dir = await mkdtemp(join(tmpdir(), "as-script-"));
  // Inside the package folder tree, so the bundle's package imports resolve from node_modules.
  const out = `${file}.${process.pid}.${Date.now()}.bundle.mjs`;
  try {
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
