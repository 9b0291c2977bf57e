import { bundleForBrowser } from "@agentscope-ts/test-helpers";
import { describe, expect, it } from "vitest";

describe("the main entry of @agentscope-ts/gemini", () => {
  it("bundles for the browser platform without any Node built-in", async () => {
    const { inputs, nodeBuiltins } = await bundleForBrowser(new URL("./index.ts", import.meta.url));
    expect(nodeBuiltins).toEqual([]);
    expect(inputs.some((i) => i.includes("@google/genai/dist/web"))).toBe(true);
  });
});

describe("the /internal entry of @agentscope-ts/gemini", () => {
  it("bundles for the browser platform without any Node built-in", async () => {
    const { inputs, nodeBuiltins } = await bundleForBrowser(
      new URL("./internal.ts", import.meta.url),
    );
    expect(nodeBuiltins).toEqual([]);
    expect(inputs.some((i) => i.endsWith("src/model/gemini-sdk-contents.ts"))).toBe(true);
  });
});
