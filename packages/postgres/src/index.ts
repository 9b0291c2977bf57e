export {
  type PostgresConnectionOptions,
  quoteIdent,
} from "./postgres-connection.js";
export { isConnectionFailure } from "./postgres-errors.js";
export { PostgresMemory, type PostgresMemoryOptions } from "./postgres-memory.js";
export { PostgresSession, type PostgresSessionOptions } from "./postgres-session.js";
