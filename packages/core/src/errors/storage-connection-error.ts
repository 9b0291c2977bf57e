import { AgentScopeError, type AgentScopeErrorOptions } from "./agentscope-error.js";

/**
 * Thrown when a storage backend (Redis, PostgreSQL…) cannot be reached or the connection dropped
 * during an operation. Nothing was half-written (each operation is one transaction), so it is
 * retryable: repeat the operation once the server is back.
 */
export class StorageConnectionError extends AgentScopeError {
  override readonly code: string = "storage_connection";

  constructor(message: string, options: AgentScopeErrorOptions = {}) {
    super(message, { retryable: true, ...options });
  }
}
