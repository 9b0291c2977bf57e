import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const entry = fileURLToPath(new URL("./index.ts", import.meta.url));

describe("the main entry of @agentscope-ts/studio", () => {
  it("bundles for the browser without any Node built-in (socket.io-client's browser build)", async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      metafile: true,
      logLevel: "silent",
      // Core is browser-safe on its own (its own test); tracing is loaded on use, in Node only.
      external: ["@agentscope-ts/core", "@agentscope-ts/otel"],
    });
    const inputs = Object.keys(result.metafile.inputs);
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    expect(inputs.filter((i) => builtins.has(i))).toEqual([]);
    expect(inputs.some((i) => i.includes("socket.io-client"))).toBe(true);
    expect(inputs.filter((i) => i.startsWith("src/testing"))).toEqual([]);
  });
});
