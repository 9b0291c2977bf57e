/**
 * `@agentscope-ts/llama-cpp/internal`: the package's building blocks, for tests, tooling and
 * provider authors: the converter of formatted messages to node-llama-cpp's chat history, the JSON
 * Schema to grammar-schema converter and the structured-output schema. No semver promise: these
 * change with the package's internals, in any release. Apps use the main entry.
 */

export { forceFunctionCall } from "./model/forced-function-call.js";
export { dropOptionalNulls, jsonSchemaToGbnf } from "./model/json-schema-to-gbnf.js";
export { MIN_ZOD_VERSION, structuredModelJsonSchema } from "./model/structured-model-schema.js";
export { MISSING_TOOL_RESULT, toChatHistory } from "./model/to-chat-history.js";
