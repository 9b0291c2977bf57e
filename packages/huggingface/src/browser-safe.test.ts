import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

describe("the main entry of @agentscope-ts/huggingface", () => {
  it("imports no Node built-in of its own (transformers.js brings its web build)", async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL("./index.ts", import.meta.url))],
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      metafile: true,
      logLevel: "silent",
      external: ["@agentscope-ts/core", "zod", "@huggingface/transformers"],
    });
    const inputs = Object.keys(result.metafile.inputs);
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    expect(inputs.filter((i) => builtins.has(i))).toEqual([]);
    expect(inputs.some((i) => i.endsWith("model-source.ts"))).toBe(true);
  });
});
