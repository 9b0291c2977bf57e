import { packageTestConfig } from "@agentscope-ts/vitest-config";

// Loopback Studio contract servers start and stop in these tests: generous limits for 2 cores.
export default packageTestConfig({ test: { testTimeout: 30_000, hookTimeout: 60_000 } });
