import { createHash } from "node:crypto";
import {
  SessionBase,
  SessionConflictError,
  SessionError,
  type StateDict,
} from "@agentscope-ts/core";
import { pythonJsonDumps } from "./python-json.js";
import { luaScript, RedisConnection, type RedisConnectionOptions } from "./redis-connection.js";

/** Options of {@link RedisSession}: AgentScope's keyword arguments plus the connection. */
export type RedisSessionOptions = RedisConnectionOptions;

// Saves only if the stored value is still the one this object last read or wrote (by SHA-1), so a
// newer save by another process — ours or AgentScope Python's — is never overwritten silently.
// ARGV: expectation ("any" | "absent" | "sha"), sha, value, ttl seconds or "". 1 = saved.
const SAVE = luaScript(`
local current = redis.call('GET', KEYS[1])
if current then
  if ARGV[1] == 'absent' then return 0 end
  if ARGV[1] == 'sha' and redis.sha1hex(current) ~= ARGV[2] then return 0 end
end
if ARGV[4] ~= '' then
  redis.call('SET', KEYS[1], ARGV[3], 'EX', ARGV[4])
else
  redis.call('SET', KEYS[1], ARGV[3])
end
return 1
`);

/**
 * The key AgentScope v1.0.21's `RedisSession` saves a session under:
 * `{keyPrefix}user_id:{userId}:session:{sessionId}:state`, ids as they are (not encoded), `userId`
 * `"default_user"` when empty. Shared with `@agentscope-ts/server`, whose checkpoints live there.
 */
export function sessionStateKey(keyPrefix: string, sessionId: string, userId = ""): string {
  return `${keyPrefix}user_id:${userId || "default_user"}:session:${sessionId}:state`;
}

const sha1 = (text: string) => createHash("sha1").update(text, "utf8").digest("hex");

/**
 * Saves sessions in Redis as AgentScope's `RedisSession` does: one string key per session,
 * `{keyPrefix}user_id:{userId}:session:{sessionId}:state`, holding `json.dumps` of the module
 * states (`userId` defaults to `"default_user"`), with an optional sliding TTL. On top of the
 * reference, a save fails with `SessionConflictError` when the key changed since this object
 * loaded (or saved) it.
 */
export class RedisSession extends SessionBase {
  // `readStates` parses the stored string and keeps nothing of it.
  protected override readonly handsOverStates = true;
  readonly #redis: RedisConnection;
  /** What this object last saw per key: the SHA-1 of the value, or null when it did not exist. */
  readonly #seen = new Map<string, string | null>();

  constructor(options: RedisSessionOptions = {}) {
    super();
    this.#redis = new RedisConnection(options);
  }

  /** The Redis key a session is saved under. */
  getSessionKey(sessionId: string, userId = ""): string {
    return sessionStateKey(this.#redis.keyPrefix, sessionId, userId);
  }

  /** The underlying Redis client. */
  getClient() {
    return this.#redis.client;
  }

  protected describe(sessionId: string, userId: string): string {
    return `Redis key ${this.getSessionKey(sessionId, userId)}`;
  }

  protected async readStates(sessionId: string, userId: string): Promise<unknown> {
    const key = this.getSessionKey(sessionId, userId);
    const ttl = this.#redis.keyTtl;
    const args = ttl === null ? ["GET", key] : ["GETEX", key, "EX", String(ttl)];
    const raw = await this.#redis.call(args, `load session ${key}`);
    if (raw === null || raw === undefined) {
      this.#seen.set(key, null);
      return undefined;
    }
    const text = String(raw);
    this.#seen.set(key, sha1(text));
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new SessionError(
        `Redis key ${key} is not valid JSON (${(error as Error).message}); it is corrupt or not a session. Delete the key to start the session afresh.`,
        { cause: error },
      );
    }
  }

  protected async writeStates(
    sessionId: string,
    userId: string,
    states: Record<string, StateDict>,
  ): Promise<void> {
    const key = this.getSessionKey(sessionId, userId);
    let value: string;
    try {
      value = pythonJsonDumps(states);
    } catch (error) {
      throw new SessionError(
        `Cannot save session '${sessionId}': its state is not JSON serializable (${(error as Error).message}).`,
        { cause: error },
      );
    }
    const seen = this.#seen.get(key);
    const expect = seen === undefined ? "any" : seen === null ? "absent" : "sha";
    const ttl = this.#redis.keyTtl === null ? "" : String(this.#redis.keyTtl);
    const saved = await this.#redis.eval(
      SAVE,
      [key],
      [expect, seen ?? "", value, ttl],
      `save session ${key}`,
    );
    if (Number(saved) !== 1) {
      throw new SessionConflictError(
        `Session '${sessionId}' (${key}) was saved by someone else after this session object ${seen === null ? "found it missing" : "loaded it"}; saving now would overwrite the newer save. Load it again, re-apply your change and save.`,
      );
    }
    this.#seen.set(key, sha1(value));
  }

  /** Closes the connection (unless a client was passed in). */
  async close(): Promise<void> {
    await this.#redis.close();
  }

  /** Closes the connection: `await using session = new RedisSession(…)`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}
