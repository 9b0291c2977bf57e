/**
 * Counts a user's requests against their budget. `InMemoryRateLimiter` (one process) is the
 * default; `RedisRateLimiter` shares one budget per user across every replica on a Redis.
 */
export interface RateLimiter {
  /** Takes one request from `userId`'s budget: 0 to go ahead, else the ms to wait first. */
  take(userId: string): Promise<number>;
  /** Releases what the limiter holds (connections it opened). */
  close(): Promise<void>;
}

/** Options of {@link InMemoryRateLimiter}. */
export interface RateLimitOptions {
  /** Requests a user may make per window. Default 120. */
  limit?: number;
  /** The window, in ms. Default 60 000. */
  windowMs?: number;
  /** Users tracked at once (the oldest forgotten first). Default 10 000. */
  maxUsers?: number;
}

/** `limit` and `windowMs` with their defaults, checked (a typed error naming the field). */
export function bucketSettings(options: RateLimitOptions): { limit: number; windowMs: number } {
  const limit = options.limit ?? 120;
  const windowMs = options.windowMs ?? 60_000;
  if (!Number.isFinite(limit) || limit < 1) {
    throw new TypeError(
      `rateLimit.limit must be a number ≥ 1 (requests per window); got ${limit}.`,
    );
  }
  if (!Number.isFinite(windowMs) || windowMs < 1) {
    throw new TypeError(`rateLimit.windowMs must be a number of ms ≥ 1; got ${windowMs}.`);
  }
  return { limit, windowMs };
}

/**
 * A per-user token bucket in this process's memory (per replica: N replicas allow N× the limit,
 * and a restart forgets it). Written here because it is ten lines and keyed by our
 * authenticated user rather than by IP, which is what the common middlewares key by.
 */
export class InMemoryRateLimiter implements RateLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #maxUsers: number;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(options: RateLimitOptions = {}) {
    ({ limit: this.#limit, windowMs: this.#windowMs } = bucketSettings(options));
    this.#maxUsers = options.maxUsers ?? 10_000;
  }

  /** Takes one token for `userId` at `now`; returns the ms to wait when there is none (else 0). */
  takeAt(userId: string, now: number): number {
    const rate = this.#limit / this.#windowMs;
    const bucket = this.#buckets.get(userId) ?? { tokens: this.#limit, at: now };
    this.#buckets.delete(userId);
    bucket.tokens = Math.min(this.#limit, bucket.tokens + Math.max(0, now - bucket.at) * rate);
    bucket.at = now;
    this.#buckets.set(userId, bucket);
    if (this.#buckets.size > this.#maxUsers) {
      this.#buckets.delete(this.#buckets.keys().next().value as string);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / rate);
  }

  /** Takes one token for `userId` now (see {@link takeAt}). */
  async take(userId: string): Promise<number> {
    return this.takeAt(userId, Date.now());
  }

  /** Nothing to release. */
  async close(): Promise<void> {}
}
