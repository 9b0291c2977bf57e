import { randomUUID } from "node:crypto";
import { type Logger, ValidationError } from "@agentscope-ts/core";
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

/** The level of the server's request and run records. */
export type RecordLevel = "debug" | "info";

/**
 * The level of the request and run records: `recordLevel` when given (checked), else `info` on a
 * logger the caller gave and `debug` on core's (a library's console gets no line per request).
 */
export function recordLevelOf(recordLevel: unknown, loggerGiven: boolean): RecordLevel {
  if (recordLevel === undefined) return loggerGiven ? "info" : "debug";
  if (recordLevel === "debug" || recordLevel === "info") return recordLevel;
  throw new ValidationError("server options", [
    {
      path: "recordLevel",
      message: `expected "debug" or "info", received ${JSON.stringify(recordLevel) ?? typeof recordLevel}`,
    },
  ]);
}

/**
 * One record per request at `level`, when it is answered: `request_id` (the client's
 * `x-request-id` when well formed, else a new one, sent back in the header), method, path, user,
 * session, run, status and `duration_ms`, secrets masked.
 */
export function requestLog(
  logger: Logger,
  mask: SecretMask,
  level: RecordLevel = "info",
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
      logger[level](
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
