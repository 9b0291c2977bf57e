/**
 * The shared behavioural suites every storage backend runs under vitest: `describeMemorySuite` and
 * `describeSessionSuite`. Import from `@agentscope-ts/core/testing/suites` (it loads vitest);
 * `@agentscope-ts/core/testing` (scripted models and helpers) loads no test runner.
 */
export { describeMemorySuite, type MemorySuiteOptions } from "./testing/memory-suite.js";
export { describeSessionSuite, type SessionSuiteOptions } from "./testing/session-suite.js";
