/**
 * Node-only parts of AgentScope-TS: anything that touches the file system, processes or other Node
 * built-ins. Import from `@agentscope-ts/core/node`; the main entry stays browser-safe.
 */
export { atomicWriteFile } from "./node/atomic-write-file.js";
export {
  decodeNpy,
  encodeNpy,
  FileEmbeddingCache,
  type FileEmbeddingCacheOptions,
} from "./node/embedding-file-cache.js";
export { JSONSession, type JSONSessionOptions } from "./node/json-session.js";
export { saveMediaToTempFile } from "./node/save-media-to-temp-file.js";
export {
  stdoutOutputSink,
  TerminalUserInput,
  type TerminalUserInputOptions,
  useStdoutOutput,
  useTerminalInput,
} from "./node/terminal-user-input.js";
export * from "./node/tools/index.js";
/** The same as the main entry's `pythonJsonDumps`, kept here for existing imports. */
export { pythonJsonDumps } from "./utils/python-json.js";
