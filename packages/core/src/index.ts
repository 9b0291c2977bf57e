/**
 * AgentScope-TS core: messages, state, sessions and the building blocks of agents. This entry
 * imports no Node built-in and runs in browsers; Node-only parts live in `@agentscope-ts/core/node`.
 */
export * from "./agent/index.js";
export * from "./embedding/index.js";
export * from "./errors/index.js";
export { formatIssuePath, toValidationIssues, validate } from "./errors/validate.js";
export * from "./formatter/index.js";
export * from "./memory/index.js";
export * from "./message/index.js";
export * from "./model/index.js";
export * from "./pipeline/index.js";
export * from "./plan/index.js";
export * from "./provider-kit/index.js";
export * from "./rag/index.js";
export * from "./realtime/index.js";
export * from "./registry/index.js";
export * from "./session/index.js";
export * from "./state/index.js";
export * from "./token/index.js";
export * from "./tool/index.js";
export * from "./tracing/index.js";
export * from "./tts/index.js";
export { base64ToBytes, bytesToBase64 } from "./utils/base64.js";
export { pythonJsonDumps } from "./utils/python-json.js";
export { shortUuid } from "./utils/short-uuid.js";
export { formatTimestamp } from "./utils/timestamp.js";
