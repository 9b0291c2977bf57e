import { packageTestConfig } from "@agentscope-ts/vitest-config";

// Each example (and each docs code block) runs as a Node subprocess against a local replay server;
// an MCP server and an embedded model start too: generous limits for busy 2-core machines.
export default packageTestConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
