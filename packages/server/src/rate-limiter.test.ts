import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limiter.js";

describe("RateLimiter", () => {
  it("allows `limit` requests per window per user, then says how long to wait", () => {
    const limiter = new RateLimiter({ limit: 2, windowMs: 1_000 });
    expect(limiter.take("a", 0)).toBe(0);
    expect(limiter.take("a", 0)).toBe(0);
    expect(limiter.take("a", 0)).toBe(500);
    expect(limiter.take("b", 0)).toBe(0); // users do not share a bucket
    expect(limiter.take("a", 500)).toBe(0); // refilled one token
  });

  it("forgets the oldest users beyond maxUsers", () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 1_000, maxUsers: 1 });
    expect(limiter.take("a", 0)).toBe(0);
    expect(limiter.take("b", 0)).toBe(0);
    expect(limiter.take("a", 0)).toBe(0); // "a" was forgotten: a fresh bucket
  });
});
