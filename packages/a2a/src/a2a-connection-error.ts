import { AgentScopeError, type AgentScopeErrorOptions } from "@agentscope-ts/core";

/**
 * The connection to a remote A2A agent could not be made, was dropped mid-stream, or went silent
 * past the timeout. Nothing was answered, so it is `retryable`: call the agent again.
 */
export class A2AConnectionError extends AgentScopeError {
  override readonly code: string = "a2a_connection";

  constructor(message: string, options: AgentScopeErrorOptions = {}) {
    super(message, { retryable: true, ...options });
  }
}

/** The message of anything thrown. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
