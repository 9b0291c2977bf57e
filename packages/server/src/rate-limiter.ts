/** Options of {@link RateLimiter}. */
export interface RateLimitOptions {
  /** Requests a user may make per window. Default 120. */
  limit?: number;
  /** The window, in ms. Default 60 000. */
  windowMs?: number;
  /** Users tracked at once (the oldest forgotten first). Default 10 000. */
  maxUsers?: number;
}

/**
 * A per-user token bucket (per replica). Written here because it is ten lines and keyed by our
 * authenticated user rather than by IP, which is what the common middlewares key by.
 */
export class RateLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #maxUsers: number;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(options: RateLimitOptions = {}) {
    this.#limit = options.limit ?? 120;
    this.#windowMs = options.windowMs ?? 60_000;
    this.#maxUsers = options.maxUsers ?? 10_000;
  }

  /** Takes one token for `userId`; returns the ms to wait when there is none (else 0). */
  take(userId: string, now = Date.now()): number {
    const rate = this.#limit / this.#windowMs;
    const bucket = this.#buckets.get(userId) ?? { tokens: this.#limit, at: now };
    this.#buckets.delete(userId);
    bucket.tokens = Math.min(this.#limit, bucket.tokens + (now - bucket.at) * rate);
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
}
