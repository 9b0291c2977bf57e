import { bundleForBrowser } from "@agentscope-ts/test-helpers";
import { describe, expect, it } from "vitest";

describe("the main entry of @agentscope-ts/dashscope", () => {
  it("bundles for the browser platform without any Node built-in", async () => {
    const { inputs, nodeBuiltins } = await bundleForBrowser(new URL("./index.ts", import.meta.url));
    expect(nodeBuiltins).toEqual([]);
    // The SSE reading (core's readServerSentEvents) is external here; the HTTP client is ours.
    expect(inputs.some((i) => i.endsWith("src/model/dashscope-http.ts"))).toBe(true);
    // The voice models' WebSocket: `ws` is imported on Node only, by a specifier bundlers skip.
    expect(inputs.some((i) => i.endsWith("src/websocket/websocket-factory.ts"))).toBe(true);
    expect(inputs.filter((i) => /node_modules\/(\.pnpm\/)?ws[@/]/.test(i))).toEqual([]);
  });
});

describe("the /internal entry of @agentscope-ts/dashscope", () => {
  it("bundles for the browser platform without any Node built-in", async () => {
    const { inputs, nodeBuiltins } = await bundleForBrowser(
      new URL("./internal.ts", import.meta.url),
    );
    expect(nodeBuiltins).toEqual([]);
    expect(inputs.some((i) => i.endsWith("src/model/generation-request.ts"))).toBe(true);
  });
});
