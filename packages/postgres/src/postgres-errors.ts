import { AgentScopeError, StorageConnectionError } from "@agentscope-ts/core";

// SQLSTATE classes meaning the connection, not the statement, failed: 08 (connection
// exception), 57P01-57P03 (server shutting down / starting up), 53300 (too many connections).
const CONNECTION_SQLSTATES = /^(08|57P0[123]|53300)/;

/** Whether `error` (from `pg`) means the server was unreachable or the connection dropped. */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (CONNECTION_SQLSTATES.test(code)) return true;
    if (/^E(CONN|PIPE|HOSTUNREACH|NETUNREACH|TIMEDOUT|AI_AGAIN|NOTFOUND)/.test(code)) return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i.test(
    error.message,
  );
}

/**
 * The typed form of a `pg` error: a connection failure becomes a retryable
 * `StorageConnectionError` (the transaction was rolled back, so nothing is half-written);
 * anything else an `AgentScopeError` naming what failed.
 */
export function toStorageError(error: unknown, what: string, where: string): Error {
  if (error instanceof AgentScopeError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  if (isConnectionFailure(error)) {
    return new StorageConnectionError(
      `Cannot ${what}: the connection to ${where} failed (${reason}). The transaction was rolled back, so nothing was half-written; retry once PostgreSQL is reachable.`,
      { cause: error },
    );
  }
  return new AgentScopeError(`Cannot ${what} in ${where}: ${reason}`, { cause: error });
}
