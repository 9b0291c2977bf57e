import { packageTestConfig } from "@agentscope-ts/vitest-config";

// A Studio contract server, an OTLP receiver and log files start and stop in these tests.
export default packageTestConfig({ test: { testTimeout: 30_000, hookTimeout: 60_000 } });
