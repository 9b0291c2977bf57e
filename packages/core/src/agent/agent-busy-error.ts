import { AgentScopeError } from "../errors/agentscope-error.js";

/**
 * Thrown when an agent is called (or streamed) while it is still replying to an earlier call. An
 * agent answers one call at a time: await the first call, `interrupt()` it, or use another agent.
 */
export class AgentBusyError extends AgentScopeError {
  override readonly code: string = "agent_busy";
}
