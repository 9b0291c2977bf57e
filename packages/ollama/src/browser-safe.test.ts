import { bundleForBrowser } from "@agentscope-ts/test-helpers";
import { describe, expect, it } from "vitest";

describe("the main entry of @agentscope-ts/ollama", () => {
  it("bundles for the browser platform without any Node built-in", async () => {
    const { inputs, nodeBuiltins } = await bundleForBrowser(new URL("./index.ts", import.meta.url));
    expect(nodeBuiltins).toEqual([]);
    expect(inputs.some((i) => i.includes("node_modules/ollama/dist/browser"))).toBe(true);
  });
});

describe("the /internal entry of @agentscope-ts/ollama", () => {
  it("bundles for the browser platform without any Node built-in", async () => {
    const { inputs, nodeBuiltins } = await bundleForBrowser(
      new URL("./internal.ts", import.meta.url),
    );
    expect(nodeBuiltins).toEqual([]);
    expect(inputs.some((i) => i.endsWith("src/model/ollama-chat-request.ts"))).toBe(true);
  });
});
