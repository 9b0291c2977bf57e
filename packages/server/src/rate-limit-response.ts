import { StorageConnectionError } from "@agentscope-ts/core";
import type { RateLimiter } from "./rate-limiter.js";

/**
 * Takes one request from `userId`'s budget: `null` to go ahead, else the response to send — 429
 * with `Retry-After` (whole seconds, rounded up) when the budget is spent, 503 with `Retry-After`
 * when a limiter failing closed cannot reach its store (it logged the outage already).
 */
export async function rateLimitResponse(
  limiter: RateLimiter,
  userId: string,
): Promise<Response | null> {
  let wait: number;
  try {
    wait = await limiter.take(userId);
  } catch (error) {
    if (!(error instanceof StorageConnectionError)) throw error;
    return Response.json(
      { error: { code: 503, message: "The rate limiter's store is unreachable; retry shortly." } },
      { status: 503, headers: { "Retry-After": "1" } },
    );
  }
  if (wait <= 0) return null;
  const seconds = Math.ceil(wait / 1000);
  return Response.json(
    { error: { code: 429, message: `Too many requests; retry in ${seconds} s.` } },
    { status: 429, headers: { "Retry-After": String(seconds) } },
  );
}
