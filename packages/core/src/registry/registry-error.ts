import { AgentScopeError } from "../errors/agentscope-error.js";

/** A provider or model string could not be resolved: unknown provider, bad string, duplicate id. */
export class RegistryError extends AgentScopeError {
  override readonly code: string = "registry";
}
