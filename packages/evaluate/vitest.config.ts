import { packageTestConfig } from "@agentscope-ts/vitest-config";

export default packageTestConfig();
