import { AgentScopeError, type AgentScopeErrorOptions } from "@agentscope-ts/core";

/**
 * Redis answered a command with an error (`WRONGTYPE`, a failing Lua script, an out-of-memory
 * refusal…): the connection is fine, the command or the data is wrong, so repeating it does not
 * help (`retryable: false`). `reply` is Redis's error text; the message names the operation and key.
 */
export class RedisCommandError extends AgentScopeError {
  override readonly code: string = "redis_command";
  /** The error Redis answered, e.g. `WRONGTYPE Operation against a key holding the wrong kind of value`. */
  readonly reply: string;

  constructor(message: string, reply: string, options: AgentScopeErrorOptions = {}) {
    super(message, { ...options, retryable: false });
    this.reply = reply;
  }
}

// node-redis 6 answers errors as `SimpleError`/`BlobError` (subclasses of `ErrorReply`); matched by
// name too, so a client of another copy of `redis` is recognised.
const REPLY_ERRORS = new Set(["ErrorReply", "SimpleError", "BlobError", "MultiErrorReply"]);

/** Whether `error` is an error reply from Redis (the server answered, with an error). */
export function isErrorReply(error: unknown): error is Error {
  return error instanceof Error && REPLY_ERRORS.has(error.constructor.name);
}
