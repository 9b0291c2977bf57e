import { packageTestConfig } from "@agentscope-ts/vitest-config";

// Real MCP servers start in these tests: generous limits for busy 2-core machines.
export default packageTestConfig({ test: { testTimeout: 60_000, hookTimeout: 120_000 } });
