import { packageTestConfig } from "@agentscope-ts/vitest-config";

// Loopback A2A servers start in these tests: generous limits for busy 2-core machines.
export default packageTestConfig({ test: { testTimeout: 30_000, hookTimeout: 60_000 } });
