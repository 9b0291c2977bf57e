import { createHash } from "node:crypto";
import { AgentScopeError, StorageConnectionError } from "@agentscope-ts/core";
import { createClient, ErrorReply } from "redis";
import { isErrorReply, RedisCommandError } from "./redis-command-error.js";

/** The part of a node-redis client (or pool) this package uses; pass your own connected client. */
export interface RedisClientLike {
  sendCommand(args: string[], options?: { timeout?: number }): Promise<unknown>;
  readonly isOpen?: boolean;
  readonly isReady?: boolean;
  connect?(): Promise<unknown>;
  close?(): Promise<unknown> | unknown;
  destroy?(): unknown;
}

/** The connection options shared by `RedisSession` and `RedisMemory` (AgentScope's keyword arguments). */
export interface RedisConnectionOptions {
  /** A node-redis client to use instead of connecting from the options below; not closed by `close()`. */
  client?: RedisClientLike;
  /** A `redis://` or `rediss://` URL; overrides `host`, `port`, `db` and `password`. */
  url?: string;
  /** The Redis host. Defaults to `"localhost"`. */
  host?: string;
  /** The Redis port. Defaults to `6379`. */
  port?: number;
  /** The database index. Defaults to `0`. */
  db?: number;
  /** The password, if the server needs one. */
  password?: string;
  /** Prepended to every key (e.g. `"prod:"`), as AgentScope's `key_prefix`. Defaults to `""`. */
  keyPrefix?: string;
  /** Seconds until the keys expire, refreshed on every access (sliding); none by default. */
  keyTtl?: number | null;
  /** How long one command may take before it fails (retryable), in ms. Defaults to `10000`. */
  commandTimeout?: number;
  /**
   * How long connecting (or waiting for a dropped connection to come back) may take before a
   * command fails (retryable), in ms. Defaults to `commandTimeout`.
   */
  connectTimeout?: number;
}

/** A Lua script run atomically on the server (EVALSHA, falling back to EVAL). */
export interface LuaScript {
  source: string;
  sha: string;
}

/** Prepares a {@link LuaScript}. */
export function luaScript(source: string): LuaScript {
  return { source, sha: createHash("sha1").update(source).digest("hex") };
}

const CONNECTION_FAILURES = new Set([
  "SocketClosedUnexpectedlyError",
  "ClientOfflineError",
  "ClientClosedError",
  "ConnectionTimeoutError",
  "SocketTimeoutError",
  "TimeoutError",
  "ReconnectStrategyError",
  "DisconnectsClientError",
  "AbortError",
]);

/** Whether `error` means the server could not be reached or the connection dropped. */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return (
    CONNECTION_FAILURES.has(error.constructor.name) ||
    CONNECTION_FAILURES.has(error.name) ||
    (typeof code === "string" &&
      /^E(CONN|PIPE|HOSTUNREACH|NETUNREACH|TIMEDOUT|AI_AGAIN|NOTFOUND)/.test(code))
  );
}

/**
 * One lazily opened Redis connection with typed errors: a dropped or unreachable server becomes a
 * retryable `StorageConnectionError`; an error reply from Redis an `AgentScopeError`.
 */
export class RedisConnection {
  readonly keyPrefix: string;
  readonly keyTtl: number | null;
  readonly #client: RedisClientLike;
  readonly #owned: boolean;
  readonly #timeout: number;
  readonly #connectTimeout: number;
  readonly #where: string;
  readonly #newClient: () => RedisClientLike;
  #connecting: Promise<unknown> | null = null;

  constructor(options: RedisConnectionOptions) {
    this.keyPrefix = options.keyPrefix ?? "";
    const ttl = options.keyTtl ?? null;
    if (ttl !== null && !(Number.isInteger(ttl) && ttl > 0)) {
      throw new AgentScopeError(
        `Invalid keyTtl ${String(ttl)}: give a whole number of seconds > 0, or null for no expiry.`,
      );
    }
    this.keyTtl = ttl;
    this.#timeout = options.commandTimeout ?? 10_000;
    this.#connectTimeout = options.connectTimeout ?? this.#timeout;
    if (options.client) {
      const given = options.client as RedisClientLike & { duplicate?(): RedisClientLike };
      this.#client = given;
      this.#owned = false;
      this.#where = "the given Redis client";
      this.#newClient = () => {
        if (!given.duplicate) {
          throw new AgentScopeError(
            "The given Redis client cannot be duplicated (no `duplicate()`): pass `url` instead.",
          );
        }
        return given.duplicate();
      };
      return;
    }
    const host = options.host ?? "localhost";
    const port = options.port ?? 6379;
    this.#where = options.url ? `Redis at ${redactUrl(options.url)}` : `Redis at ${host}:${port}`;
    const settings = {
      ...(options.url
        ? { url: options.url }
        : { database: options.db ?? 0, password: options.password }),
      socket: {
        ...(options.url ? {} : { host, port }),
        connectTimeout: this.#connectTimeout,
        // A few quick reconnects, then give up; the next call connects afresh.
        reconnectStrategy: (retries: number, cause: Error) =>
          retries >= 3 ? cause : Math.min(100 * 2 ** retries, 1000),
      },
      // Fail at once while disconnected rather than waiting without bound.
      disableOfflineQueue: true,
      // No node-redis timer per command (its default is an `AbortSignal.timeout` of 5 s per
      // command, which only covers the wait to be written): `call` bounds the whole command.
      commandOptions: { timeout: 0 },
    };
    // `createClient` builds a client class with every command of every module on each call (≈ 1 ms
    // of CPU, issue 35): later clients (the pool of blocking readers) are duplicates of the first,
    // which reuse its class and settings.
    const create = () => createClient(settings);
    let first: ReturnType<typeof create> | null = null;
    this.#newClient = () => {
      const client = first ? first.duplicate() : create();
      first ??= client;
      // node-redis reports connection trouble as 'error' events too; the calls reject with it.
      client.on("error", () => undefined);
      return client as unknown as RedisClientLike;
    };
    this.#client = this.#newClient();
    this.#owned = true;
  }

  /** The client in use. */
  get client(): RedisClientLike {
    return this.#client;
  }

  /**
   * A new, unconnected client to the same server with the same settings, for a command that holds
   * its connection (a blocking read); the caller connects and closes it, and types its errors
   * with {@link RedisConnection.typedError}.
   */
  newClient(): RedisClientLike {
    return this.#newClient();
  }

  async #ready(): Promise<void> {
    if (!this.#owned || this.#client.isReady) return;
    if (this.#connecting) {
      await this.#connecting;
      return;
    }
    if (this.#client.isOpen) {
      // Reconnecting by itself after a drop: wait for it, bounded by the connect timeout.
      await this.#reconnected();
      return;
    }
    this.#connecting = (this.#client.connect?.() ?? Promise.resolve()).finally(() => {
      this.#connecting = null;
    });
    await this.#connecting;
  }

  // Ready again, or the client gave up reconnecting ('terminated': its reconnect strategy
  // stopped), or the connect timeout passed: whichever comes first.
  #reconnected(): Promise<void> {
    const client = this.#client as unknown as {
      readonly isOpen: boolean;
      on(event: string, fn: (cause?: unknown) => void): void;
      off(event: string, fn: (cause?: unknown) => void): void;
    };
    return new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        clearTimeout(timer);
        client.off("ready", ready);
        client.off("terminated", gaveUp);
        if (error) reject(error);
        else resolve();
      };
      const ready = () => done();
      const gaveUp = (cause?: unknown) =>
        done(
          Object.assign(
            new Error(
              `reconnecting gave up (${cause instanceof Error ? cause.message || cause.name : String(cause)})`,
              { cause },
            ),
            { name: RECONNECT_FAILED },
          ),
        );
      const timer = setTimeout(
        () =>
          done(
            Object.assign(new Error(`not reconnected within ${this.#connectTimeout} ms`), {
              name: CONNECT_TIMEOUT,
            }),
          ),
        this.#connectTimeout,
      );
      client.on("ready", ready);
      client.on("terminated", gaveUp);
      // It may have given up between the caller's check and now.
      if (!client.isOpen) gaveUp(new Error("the client closed"));
    });
  }

  /** Sends one command, with the command timeout and typed errors. */
  async call(args: string[], what: string): Promise<unknown> {
    try {
      if (this.#owned && !this.#client.isReady) await this.#ready();
      // Bounded here, not by node-redis 6's own `timeout` option: that only covers the wait to be
      // written (tried against `CLIENT PAUSE`), and costs an `AbortSignal.timeout` per command.
      return await withCommandTimeout(this.#client.sendCommand(args), this.#timeout);
    } catch (error) {
      throw this.typedError(error, what);
    }
  }

  /** Runs `script` atomically with `keys` and `args`. */
  async eval(script: LuaScript, keys: string[], args: string[], what: string): Promise<unknown> {
    const tail = [String(keys.length), ...keys, ...args];
    try {
      return await this.call(["EVALSHA", script.sha, ...tail], what);
    } catch (error) {
      if (!(error instanceof RedisCommandError) || !/^NOSCRIPT/.test(error.reply)) throw error;
      return this.call(["EVAL", script.source, ...tail], what);
    }
  }

  /**
   * The one classification of a Redis failure: an error reply is a non-retryable
   * `RedisCommandError` (the connection is fine, the command or data is wrong); a refused, dropped
   * or timed-out connection a retryable `StorageConnectionError`; anything else an
   * `AgentScopeError`. `what` names the operation (`"save the session"`).
   */
  typedError(error: unknown, what: string): Error {
    if (error instanceof AgentScopeError) return error;
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof ErrorReply || isErrorReply(error)) {
      return new RedisCommandError(
        `Redis refused to ${what}: ${reason}. The connection is fine; the command or the data at the key is wrong (retrying does not help).`,
        reason,
        { cause: error },
      );
    }
    if ((error as Error | null)?.name === COMMAND_TIMEOUT) {
      return new StorageConnectionError(
        `Cannot ${what}: ${this.#where} did not answer within ${this.#timeout} ms (commandTimeout). The command may still complete (scripts are atomic: never half-written); retry once Redis is responsive.`,
        { cause: error },
      );
    }
    if (
      (error as Error | null)?.name === CONNECT_TIMEOUT ||
      (error as Error | null)?.name === RECONNECT_FAILED
    ) {
      return new StorageConnectionError(
        `Cannot ${what}: ${this.#where} is unreachable (${reason}; connectTimeout ${this.#connectTimeout} ms). Nothing was sent; retry once Redis is reachable.`,
        { cause: error },
      );
    }
    if (isConnectionFailure(error)) {
      return new StorageConnectionError(
        `Cannot ${what}: the connection to ${this.#where} failed (${reason || (error as Error).name}). Nothing was half-written; retry once Redis is reachable.`,
        { cause: error },
      );
    }
    return new AgentScopeError(`Cannot ${what} in ${this.#where}: ${reason}`, { cause: error });
  }

  /** Closes the connection if this object opened it. */
  async close(): Promise<void> {
    if (!this.#owned || !this.#client.isOpen) return;
    try {
      await this.#client.close?.();
    } catch {
      this.#client.destroy?.();
    }
  }
}

const COMMAND_TIMEOUT = "CommandTimeoutError";
const CONNECT_TIMEOUT = "ConnectTimeoutError";
const RECONNECT_FAILED = "ReconnectFailedError";

// One promise and one timer per command (no race, no `finally` chain).
function withCommandTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(Object.assign(new Error(`no answer within ${ms} ms`), { name: COMMAND_TIMEOUT })),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function redactUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, "//***@");
}
