import { AgentScopeError, type AgentScopeErrorOptions } from "../errors/agentscope-error.js";

/** Thrown when a reader cannot read its input (a missing, damaged or encrypted file). */
export class ReaderError extends AgentScopeError {
  override readonly code: string = "reader";
  /** The file (or input description) that could not be read. */
  readonly file: string;

  constructor(file: string, message: string, options: AgentScopeErrorOptions = {}) {
    super(`Cannot read ${file}: ${message}`, options);
    this.file = file;
  }
}
