import { packageTestConfig } from "@agentscope-ts/vitest-config";

// A real llama.cpp model loads in these tests (threads: 1): generous limits for busy 2-core
// machines where other packages' tests run at the same time.
export default packageTestConfig({ test: { testTimeout: 60_000, hookTimeout: 120_000 } });
