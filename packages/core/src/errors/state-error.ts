import { AgentScopeError } from "./agentscope-error.js";

/** Thrown when state cannot be registered, serialised or loaded (`StateModule`). */
export class StateError extends AgentScopeError {
  override readonly code: string = "state";
}

/** Thrown when a session cannot be saved or loaded: a missing, corrupt or foreign session file. */
export class SessionError extends StateError {
  override readonly code: string = "session";
}
