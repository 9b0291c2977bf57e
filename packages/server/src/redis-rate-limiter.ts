import { getLogger, StorageConnectionError } from "@agentscope-ts/core";
import { luaScript, RedisCommandError, RedisConnection } from "@agentscope-ts/redis";
import { errorText } from "./event-payload.js";
import {
  bucketSettings,
  InMemoryRateLimiter,
  type RateLimiter,
  type RateLimitOptions,
} from "./rate-limiter.js";
import { type RedisBackend, sharedRedisOf } from "./redis-backend.js";

/**
 * What a request gets while the limiter's Redis is unreachable: `"local"` counts it against this
 * replica's own in-memory bucket (the limit then holds per replica, as without Redis); `"open"`
 * lets it through uncounted; `"closed"` refuses it (`StorageConnectionError`: the server answers
 * 503 with `Retry-After`).
 */
export type RateLimitFailMode = "local" | "open" | "closed";

/** Options of {@link RedisRateLimiter} (`limit`, `windowMs` as the in-memory limiter's). */
export interface RedisRateLimiterOptions extends RateLimitOptions {
  /** `redis://…` of the Redis the replicas share. Give this or `backend`. */
  url?: string;
  /** Share this backend's connection and key prefix (what `createAgentServer` does for you). */
  backend?: RedisBackend;
  /** Prepended to every key. Default: the backend's prefix, else `""`. */
  keyPrefix?: string;
  /** What a request gets while Redis is unreachable. Default `"local"`. */
  failMode?: RateLimitFailMode;
  /** How long one take waits for Redis before Redis counts as unreachable, in ms. Default 1 000. */
  commandTimeout?: number;
  /**
   * During an outage, Redis is tried again at most this often, in ms; requests in between get
   * `failMode` at once instead of waiting on a dead connection. Default 1 000.
   */
  probeIntervalMs?: number;
  /** Where the one line per outage (and the one when Redis is back) goes. Default core's `getLogger().warn`. */
  warn?: (message: string) => void;
}

// Written by hand because it is ours: the token bucket of `InMemoryRateLimiter` as one atomic step
// in Redis. The clock is Redis's (`TIME`), so the replicas' clocks do not matter. The key expires
// when the bucket would be full again, so an idle user costs nothing (a missing key = a full bucket).
// KEYS: bucket. ARGV: limit, window ms. Returns the ms to wait (0: a token was taken).
const TAKE = luaScript(`
local limit = tonumber(ARGV[1])
local rate = limit / tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1]) or limit
local at = tonumber(b[2]) or now
tokens = math.min(limit, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) / rate) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.max(1, math.ceil((limit - tokens) / rate)))
return wait
`);

/**
 * A per-user token bucket in Redis, shared by every replica: one atomic Lua script per request
 * (refill by elapsed Redis time, take a token or say how long to wait), keys with a TTL. While
 * Redis is unreachable, requests get {@link RedisRateLimiterOptions.failMode} (default: this
 * replica's in-memory bucket), one line is logged per outage, and Redis is probed again at most
 * every `probeIntervalMs`.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly #connection: RedisConnection;
  readonly #owned: boolean;
  readonly #prefix: string;
  readonly #limit: string;
  readonly #windowMs: string;
  readonly #failMode: RateLimitFailMode;
  readonly #timeout: number;
  readonly #probeMs: number;
  readonly #warn: (message: string) => void;
  readonly #local: InMemoryRateLimiter;
  #down = false;
  #nextProbe = 0;

  constructor(options: RedisRateLimiterOptions) {
    const { limit, windowMs } = bucketSettings(options);
    this.#timeout = options.commandTimeout ?? 1_000;
    this.#failMode = options.failMode ?? "local";
    if (!["local", "open", "closed"].includes(this.#failMode)) {
      throw new TypeError(
        `rateLimit.failMode must be "local", "open" or "closed"; got ${JSON.stringify(this.#failMode)}.`,
      );
    }
    this.#probeMs = options.probeIntervalMs ?? 1_000;
    for (const [field, value, min] of [
      ["commandTimeout", this.#timeout, 1],
      ["probeIntervalMs", this.#probeMs, 0],
    ] as const) {
      if (!Number.isFinite(value) || value < min) {
        throw new TypeError(`rateLimit.${field} must be a number of ms ≥ ${min}; got ${value}.`);
      }
    }
    if (options.backend) {
      const shared = sharedRedisOf(options.backend);
      this.#connection = shared.connection;
      this.#owned = false;
      this.#prefix = options.keyPrefix ?? shared.keyPrefix;
    } else if (options.url) {
      this.#connection = new RedisConnection({ url: options.url, commandTimeout: this.#timeout });
      this.#owned = true;
      this.#prefix = options.keyPrefix ?? "";
    } else {
      throw new TypeError(
        "RedisRateLimiter needs `url` (redis://…) or `backend` (a RedisBackend to share).",
      );
    }
    this.#limit = String(limit);
    this.#windowMs = String(windowMs);
    this.#warn = options.warn ?? ((message) => getLogger().warn(message));
    this.#local = new InMemoryRateLimiter(options);
  }

  /** Whether the last attempt found Redis unreachable (requests then get `failMode`). */
  get unavailable(): boolean {
    return this.#down;
  }

  /** Takes one request from `userId`'s shared budget: 0 to go ahead, else the ms to wait. */
  async take(userId: string): Promise<number> {
    if (this.#down && Date.now() < this.#nextProbe) return this.#fallback(userId);
    // Whoever finds the outage (or probes it) holds the others off Redis for one interval.
    if (this.#down) this.#nextProbe = Date.now() + this.#probeMs;
    let wait: number;
    try {
      wait = Number(
        await this.#withTimeout(
          this.#connection.eval(
            TAKE,
            [`${this.#prefix}agentscope_server:rate:${encodeURIComponent(userId)}`],
            [this.#limit, this.#windowMs],
            "take a rate-limit token",
          ),
        ),
      );
    } catch (error) {
      // Redis answered with an error (e.g. the key holds something else): not an outage.
      if (error instanceof RedisCommandError) throw error;
      this.#nextProbe = Date.now() + this.#probeMs;
      if (!this.#down) {
        this.#down = true;
        this.#warn(
          `[agentscope-server] rate limits: Redis is unreachable (${errorText((error as Error).cause ?? error)}); ${FAIL_TEXT[this.#failMode]} until it is back.`,
        );
      }
      return this.#fallback(userId);
    }
    if (this.#down) {
      this.#down = false;
      this.#warn("[agentscope-server] rate limits: Redis is back; one budget per user again.");
    }
    return wait;
  }

  /** Closes the connection it opened (a backend's shared connection is the backend's to close). */
  async close(): Promise<void> {
    if (this.#owned) await this.#connection.close();
  }

  #fallback(userId: string): number {
    if (this.#failMode === "local") return this.#local.takeAt(userId, Date.now());
    if (this.#failMode === "open") return 0;
    throw new StorageConnectionError(
      "The rate limiter's Redis is unreachable and rateLimit.failMode is 'closed': requests are refused until it is back. Retry shortly.",
      { retryable: true },
    );
  }

  #withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new StorageConnectionError(`Redis did not answer within ${this.#timeout} ms.`, {
              retryable: true,
            }),
          ),
        this.#timeout,
      );
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  }
}

const FAIL_TEXT: Record<RateLimitFailMode, string> = {
  local: "counting each replica's requests on its own (failMode 'local')",
  open: "letting requests through uncounted (failMode 'open')",
  closed: "refusing requests with 503 (failMode 'closed')",
};
