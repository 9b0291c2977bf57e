import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const entry = fileURLToPath(new URL("./index.ts", import.meta.url));
const nodeGlobals =
  /\b(process\.(env|stdout|stderr|cwd|exit|platform|argv)|Buffer\.|__dirname|__filename|require\()/;

describe("the main entry of @agentscope-ts/core", () => {
  it("bundles for the browser platform without any Node built-in", async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      metafile: true,
      logLevel: "silent",
    }).catch((error: { errors?: { text: string }[] }) => error);
    const errors = "errors" in result && result.errors ? result.errors.map((e) => e.text) : [];
    expect(errors, "Node built-ins must live under src/node/ and @agentscope-ts/core/node").toEqual(
      [],
    );

    const inputs = Object.keys((result as { metafile: { inputs: object } }).metafile.inputs);
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    expect(inputs.filter((i) => builtins.has(i))).toEqual([]);
    expect(inputs.filter((i) => i.includes("src/node"))).toEqual([]);

    // Our own files must not touch Node globals either (they bundle, then fail at run time).
    const ours = inputs.filter((i) => i.startsWith("src/") && !i.endsWith(".test.ts"));
    expect(ours.length).toBeGreaterThan(5);
    const offenders = ours.filter((file) =>
      nodeGlobals.test(readFileSync(new URL(`../${file}`, import.meta.url), "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
