import { packageTestConfig } from "@agentscope-ts/vitest-config";

// The tests drive the built CLI (dist/bin.js) as a subprocess: they rely on turbo running this
// package's own build before its tests and never build it themselves (the global setup only checks
// that it is there and fresh). Subprocesses, MCP servers and a local model start here: generous limits for busy
// 2-core machines.
export default packageTestConfig({
  test: {
    globalSetup: ["./test/check-dist.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
