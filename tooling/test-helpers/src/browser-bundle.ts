import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/** What {@link bundleForBrowser} found in the bundle. */
export interface BrowserBundle {
  /** Every module the bundle took in (paths relative to the working directory, or bare names). */
  inputs: string[];
  /** The Node built-ins among them (a browser-safe entry has none). */
  nodeBuiltins: string[];
}

const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/**
 * Bundles `entry` with esbuild for the browser platform, leaving `external` packages out, and
 * lists what went in, so a package's test can assert its main entry imports no Node built-in.
 */
export async function bundleForBrowser(
  entry: URL,
  external: readonly string[] = ["@agentscope-ts/core", "zod"],
): Promise<BrowserBundle> {
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: "browser",
    format: "esm",
    write: false,
    metafile: true,
    logLevel: "silent",
    external: [...external],
  });
  const inputs = Object.keys(result.metafile.inputs);
  return { inputs, nodeBuiltins: inputs.filter((i) => builtins.has(i)) };
}
