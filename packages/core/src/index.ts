/**
 * AgentScope-TS core: messages, state, sessions and the building blocks of agents. This entry
 * imports no Node built-in and runs in browsers; Node-only parts live in `@agentscope-ts/core/node`.
 */
export * from "./errors/index.js";
export { formatIssuePath, toValidationIssues, validate } from "./errors/validate.js";
export * from "./message/index.js";
export * from "./session/index.js";
export * from "./state/index.js";
export { shortUuid } from "./utils/short-uuid.js";
export { formatTimestamp } from "./utils/timestamp.js";
