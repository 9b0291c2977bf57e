import { AgentScopeError } from "./agentscope-error.js";

/**
 * Base class of errors about tool calls. These are meant to reach the model as a readable tool
 * result, so the agent can correct itself (AgentScope's `AgentOrientedExceptionBase`).
 */
export class ToolError extends AgentScopeError {
  override readonly code: string = "tool";
}

/** The model asked for a tool that is not registered or not active. */
export class ToolNotFoundError extends ToolError {
  override readonly code: string = "tool_not_found";
}

/** The arguments given to a tool do not match its schema. */
export class ToolInvalidArgumentsError extends ToolError {
  override readonly code: string = "tool_invalid_arguments";
}

/** A tool call was interrupted (aborted) before it finished. */
export class ToolInterruptedError extends ToolError {
  override readonly code: string = "tool_interrupted";
}
