import { bundleForBrowser } from "@agentscope-ts/test-helpers";
import { describe, expect, it } from "vitest";

describe("the main entry of @agentscope-ts/huggingface", () => {
  it("imports no Node built-in of its own (transformers.js brings its web build)", async () => {
    const { inputs, nodeBuiltins } = await bundleForBrowser(
      new URL("./index.ts", import.meta.url),
      ["@agentscope-ts/core", "zod", "@huggingface/transformers"],
    );
    expect(nodeBuiltins).toEqual([]);
    expect(inputs.some((i) => i.endsWith("model-source.ts"))).toBe(true);
  });
});

describe("the /internal entry of @agentscope-ts/huggingface", () => {
  it("imports no Node built-in of its own", async () => {
    const { inputs, nodeBuiltins } = await bundleForBrowser(
      new URL("./internal.ts", import.meta.url),
      ["@agentscope-ts/core", "zod", "@huggingface/transformers"],
    );
    expect(nodeBuiltins).toEqual([]);
    expect(inputs.some((i) => i.endsWith("template-messages.ts"))).toBe(true);
  });
});
