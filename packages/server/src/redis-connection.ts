import { createHash } from "node:crypto";
import { StorageConnectionError } from "@agentscope-ts/core";
import { isConnectionFailure, isErrorReply, RedisCommandError } from "@agentscope-ts/redis";
import { createClient } from "redis";

/** A client as this package uses it (the generic client types do not unify across `createClient` calls). */
export type RedisClientLike = {
  isOpen: boolean;
  isReady: boolean;
  connect(): Promise<unknown>;
  sendCommand(args: string[]): Promise<unknown>;
  close(): Promise<unknown>;
  destroy(): void;
};

/** A Lua script with its SHA-1 (sent by `EVALSHA`, loaded by `EVAL` when Redis lacks it). */
export interface LuaScript {
  source: string;
  sha: string;
}

/** A {@link LuaScript} for `source`. */
export const luaScript = (source: string): LuaScript => ({
  source,
  sha: createHash("sha1").update(source).digest("hex"),
});

/**
 * One Redis connection shared by the package's Redis users (`RedisBackend`, `RedisRateLimiter`):
 * connects on first use, never queues a command while offline (so nothing waits without bound),
 * and turns a lost connection into a retryable `StorageConnectionError`.
 */
export class RedisConnection {
  readonly #url: string;
  readonly #timeout: number;
  readonly #client: RedisClientLike;
  #connecting: Promise<unknown> | null = null;

  constructor(url: string, timeoutMs: number) {
    this.#url = url;
    this.#timeout = timeoutMs;
    this.#client = this.newClient();
  }

  /** A new client on the same server and settings (e.g. for a blocking read). */
  newClient(): RedisClientLike {
    const client = createClient({
      url: this.#url,
      socket: {
        connectTimeout: this.#timeout,
        reconnectStrategy: (retries: number, cause: Error) =>
          retries >= 3 ? cause : Math.min(100 * 2 ** retries, 1000),
      },
      disableOfflineQueue: true,
    });
    client.on("error", () => undefined);
    return client as unknown as RedisClientLike;
  }

  /** Sends one command, connecting first when needed. */
  async send(args: string[]): Promise<unknown> {
    try {
      if (!this.#client.isReady) {
        // One connect for every caller that arrives meanwhile (sending before it is ready would
        // fail: the offline queue is off so that no command waits without bound).
        if (!this.#client.isOpen) this.#connecting = null;
        this.#connecting ??= this.#client.connect().catch((error: unknown) => {
          this.#connecting = null;
          throw error;
        });
        await this.#connecting;
      }
      // Bounded: a Redis that accepts the command but never answers (paused, overloaded, a
      // half-open connection) fails this call after the timeout instead of hanging the request.
      // Raced here because node-redis 6's own `timeout` command option did not fire for a command
      // already written (tried against `CLIENT PAUSE`); the late reply is read and dropped.
      return await withTimeout(this.#client.sendCommand(args), this.#timeout, args[0] ?? "");
    } catch (error) {
      throw wrapRedisError(error);
    }
  }

  /** Runs a script by its SHA, loading it with `EVAL` when Redis does not have it yet. */
  async eval(s: LuaScript, keys: string[], args: string[]): Promise<unknown> {
    const tail = [String(keys.length), ...keys, ...args];
    try {
      return await this.send(["EVALSHA", s.sha, ...tail]);
    } catch (error) {
      if (!(error instanceof RedisCommandError) || !/^NOSCRIPT/.test(error.reply)) throw error;
      return this.send(["EVAL", s.source, ...tail]);
    }
  }

  /** Closes the connection (a no-op when it never opened). */
  async close(): Promise<void> {
    if (this.#client.isOpen) await this.#client.close();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, command: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new StorageConnectionError(
            `The service's Redis did not answer ${command} within ${ms} ms (commandTimeout). Retry once Redis is responsive.`,
          ),
        ),
      ms,
    );
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/**
 * Only a connection failure (refused, dropped, timed out) is a retryable `StorageConnectionError`
 * (503); an error reply (`WRONGTYPE`, a failing script…) is a non-retryable `RedisCommandError`
 * (500, cause logged): retrying the same command on the same data does not help.
 */
export function wrapRedisError(error: unknown): Error {
  if (error instanceof StorageConnectionError || error instanceof RedisCommandError) return error;
  const e = error as Error;
  if (isErrorReply(error)) {
    return new RedisCommandError(
      `The service's Redis refused a command: ${e.message}. Redis is reachable; the data at the key is not what the service wrote (another program's key?) or the command is wrong.`,
      e.message,
      { cause: error },
    );
  }
  if (isConnectionFailure(error)) {
    return new StorageConnectionError(
      `The service's Redis is unreachable (${e.message || e.name}). Retry once Redis is back.`,
      { cause: error },
    );
  }
  return new RedisCommandError(
    `A Redis command of the service failed: ${e?.message || String(error)}.`,
    e?.message || String(error),
    { cause: error },
  );
}
