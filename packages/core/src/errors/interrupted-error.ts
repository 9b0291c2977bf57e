import { AgentScopeError, type AgentScopeErrorOptions } from "./agentscope-error.js";

/**
 * Thrown inside a running reply when it is interrupted (by `agent.interrupt()` or an aborted
 * `AbortSignal`). Agents catch it and answer through `handleInterrupt()`.
 */
export class InterruptedError extends AgentScopeError {
  override readonly code: string = "interrupted";

  constructor(message = "The operation was interrupted.", options: AgentScopeErrorOptions = {}) {
    super(message, options);
  }
}
