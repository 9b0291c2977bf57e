import { AgentScopeError, type AgentScopeErrorOptions } from "@agentscope-ts/core";

/** Options of a {@link StudioError}. */
export interface StudioErrorOptions extends AgentScopeErrorOptions {
  /** The HTTP status Studio answered with, when it answered. */
  status?: number;
}

/**
 * A failure talking to AgentScope Studio: unreachable, too slow, an error answer, a missing
 * optional package, or a user answer that did not come in time. The message names the cause and
 * the fix.
 */
export class StudioError extends AgentScopeError {
  override readonly code: string = "studio";
  /** The HTTP status Studio answered with, if it answered. */
  readonly status: number | undefined;

  constructor(message: string, options: StudioErrorOptions = {}) {
    super(message, options);
    this.status = options.status;
  }
}
