import { packageTestConfig } from "@agentscope-ts/vitest-config";

// The tests drive the built CLI (dist/bin.js) as a subprocess; the global setup rebuilds it when
// src is newer. Subprocesses, MCP servers and a local model start here: generous limits for busy
// 2-core machines.
export default packageTestConfig({
  test: {
    globalSetup: ["./test/build-dist.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
