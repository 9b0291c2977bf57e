import { randomUUID } from "node:crypto";
import type { Logger } from "@agentscope-ts/core";
import type { Context, MiddlewareHandler } from "hono";
import type { SecretMask } from "./secret-mask.js";

/** What a handler tells the request log about its request (set with `c.set`). */
export type RequestLogVars = {
  userId: string;
  sessionId?: string;
  runId?: string;
  requestId: string;
};

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * One `info` record per request, when it is answered: `request_id` (the client's `x-request-id`
 * when well formed, else a new one, sent back in the header), method, path, user, session, run,
 * status and `duration_ms`, secrets masked.
 */
export function requestLog(
  logger: Logger,
  mask: SecretMask,
): MiddlewareHandler<{ Variables: RequestLogVars }> {
  return async (c: Context<{ Variables: RequestLogVars }>, next) => {
    const started = performance.now();
    const given = c.req.header("x-request-id");
    const requestId = given && REQUEST_ID.test(given) ? given : randomUUID();
    c.set("requestId", requestId);
    c.header("x-request-id", requestId);
    try {
      await next();
    } finally {
      logger.info(
        "request",
        mask.json({
          request_id: requestId,
          method: c.req.method,
          path: c.req.path,
          user: c.get("userId") ?? null,
          session: c.get("sessionId") ?? null,
          run: c.get("runId") ?? null,
          status: c.res.status,
          duration_ms: Math.round(performance.now() - started),
        }),
      );
    }
  };
}
