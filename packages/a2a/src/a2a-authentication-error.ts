import { AgentScopeError, type AgentScopeErrorOptions } from "@agentscope-ts/core";

/**
 * The remote A2A agent's card requires a security scheme we hold no credential for (or one this
 * client cannot send). `schemes` names the schemes the card requires; pass a credential for one
 * of them (`credentials: { <scheme>: "<token>" }`). Not retryable without that change.
 */
export class A2AAuthenticationError extends AgentScopeError {
  override readonly code: string = "a2a_authentication";
  /** The security schemes the card requires, by name. */
  readonly schemes: string[];

  constructor(message: string, schemes: string[], options: AgentScopeErrorOptions = {}) {
    super(message, options);
    this.schemes = schemes;
  }
}
