export { AgentScopeError, type AgentScopeErrorOptions } from "./agentscope-error.js";
export { InterruptedError } from "./interrupted-error.js";
export { ModelError, type ModelErrorOptions } from "./model-error.js";
export { SessionConflictError } from "./session-conflict-error.js";
export { SessionError, StateError } from "./state-error.js";
export { StorageConnectionError } from "./storage-connection-error.js";
export {
  STRUCTURED_OUTPUT_TEXT_LIMIT,
  StructuredOutputError,
  type StructuredOutputErrorOptions,
  type StructuredOutputFailure,
} from "./structured-output-error.js";
export {
  ToolError,
  ToolInterruptedError,
  ToolInvalidArgumentsError,
  ToolNotFoundError,
} from "./tool-error.js";
export { ValidationError, type ValidationIssue } from "./validation-error.js";
