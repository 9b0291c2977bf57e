import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/**
 * Hono's `bodyLimit` without its first step for the common requests: it reads `c.req.raw.body`,
 * which makes `@hono/node-server` build a whole web `Request` for every request (≈ 0.1 ms of CPU
 * each, issue 35) that neither GETs nor the JSON routes (read through the node server's fast path)
 * need. GET and HEAD carry no body; a request that declares its `content-length` (and no
 * `transfer-encoding`) is judged by it, as `bodyLimit` does; any other body (chunked) goes through
 * `bodyLimit`, which counts its bytes.
 */
export function requestBodyLimit(
  maxSize: number,
  onError: (c: Context) => Response | Promise<Response>,
): MiddlewareHandler {
  const counting = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
      return Number.parseInt(length || "0", 10) > maxSize ? onError(c) : next();
    }
    return counting(c, next);
  };
}
