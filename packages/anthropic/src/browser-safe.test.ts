import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

describe("the main entry of @agentscope-ts/anthropic", () => {
  it("bundles for the browser platform without any Node built-in", async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL("./index.ts", import.meta.url))],
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      metafile: true,
      logLevel: "silent",
      external: ["@agentscope-ts/core", "zod"],
    });
    const inputs = Object.keys(result.metafile.inputs);
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    expect(inputs.filter((i) => builtins.has(i))).toEqual([]);
    expect(inputs.some((i) => i.includes("node_modules/@anthropic-ai/sdk"))).toBe(true);
  });
});
