/**
 * Node-only parts of AgentScope-TS: anything that touches the file system, processes or other Node
 * built-ins. Import from `@agentscope-ts/core/node`; the main entry stays browser-safe.
 */
export { atomicWriteFile } from "./node/atomic-write-file.js";
export { JSONSession, type JSONSessionOptions } from "./node/json-session.js";
