import { describe, expect, it } from "vitest";
import { InMemoryRateLimiter } from "./rate-limiter.js";

describe("InMemoryRateLimiter", () => {
  it("allows `limit` requests per window per user, then says how long to wait", async () => {
    const limiter = new InMemoryRateLimiter({ limit: 2, windowMs: 1_000 });
    expect(limiter.takeAt("a", 0)).toBe(0);
    expect(limiter.takeAt("a", 0)).toBe(0);
    expect(limiter.takeAt("a", 0)).toBe(500);
    expect(limiter.takeAt("b", 0)).toBe(0); // users do not share a bucket
    expect(limiter.takeAt("a", 500)).toBe(0); // refilled one token
    expect(limiter.takeAt("a", 400)).toBe(500); // a clock going back refills nothing
    // `take` is the same bucket on the wall clock: "c" has two, then waits.
    expect([await limiter.take("c"), await limiter.take("c")]).toEqual([0, 0]);
    expect(await limiter.take("c")).toBeGreaterThan(0);
  });

  it("forgets the oldest users beyond maxUsers", () => {
    const limiter = new InMemoryRateLimiter({ limit: 1, windowMs: 1_000, maxUsers: 1 });
    expect(limiter.takeAt("a", 0)).toBe(0);
    expect(limiter.takeAt("b", 0)).toBe(0);
    expect(limiter.takeAt("a", 0)).toBe(0); // "a" was forgotten: a fresh bucket
  });

  it("refuses a limit or window that cannot work, naming the field", () => {
    expect(() => new InMemoryRateLimiter({ limit: 0 })).toThrow(/rateLimit\.limit/);
    expect(() => new InMemoryRateLimiter({ windowMs: Number.NaN })).toThrow(/rateLimit\.windowMs/);
  });
});
