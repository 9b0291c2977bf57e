import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getLogger, type Logger, Msg, StorageConnectionError } from "@agentscope-ts/core";
import { msgContentSchema } from "@agentscope-ts/core/zod";
import { serve } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { type A2AServerOptions, mountA2ARoutes } from "./a2a-routes.js";
import { AgUiMapper } from "./ag-ui.js";
import { startAgUiRun } from "./ag-ui-run.js";
import { latestRunStart } from "./ag-ui-run-start.js";
import { type Authenticate, bearerTokens } from "./auth.js";
import type { ServiceBackend, SessionKey, StoredEvent } from "./backend.js";
import { requestBodyLimit } from "./body-limit.js";
import { EVENT_ID_FORM, isEventId } from "./event-log.js";
import { errorText } from "./event-payload.js";
import { InMemoryBackend } from "./in-memory-backend.js";
import { PermissionPolicy, type PermissionRule } from "./permissions.js";
import { rateLimitResponse } from "./rate-limit-response.js";
import { InMemoryRateLimiter, type RateLimiter, type RateLimitOptions } from "./rate-limiter.js";
import {
  attachRealtimeSessions,
  type RealtimeServerOptions,
  type RealtimeTransport,
} from "./realtime-sessions.js";
import { RedisBackend } from "./redis-backend.js";
import { RedisRateLimiter, type RedisRateLimiterOptions } from "./redis-rate-limiter.js";
import { type RecordLevel, type RequestLogVars, recordLevelOf, requestLog } from "./request-log.js";
import { SecretMask } from "./secret-mask.js";
import { type AgentFactory, RunConflictError, SessionRunner } from "./session-runner.js";
import { sseResponse } from "./sse-response.js";

/** Options of {@link createAgentServer}. */
export interface AgentServerOptions {
  /** The agents served, by name: a factory building a fresh agent for a session. */
  agents: Record<string, AgentFactory>;
  /** Leases, event log and checkpoints. Default: `InMemoryBackend` (one node). */
  backend?: ServiceBackend;
  /** Who a request comes from. Give this, `tokens`, or `allowAnonymous: true`. */
  authenticate?: Authenticate;
  /** Bearer tokens: `{ token: userId }`. */
  tokens?: Record<string, string>;
  /** Serve without auth, every request as user `"anonymous"` (local development only). */
  allowAnonymous?: boolean;
  /** Tool permission rules (first match wins; no match allows). */
  permissions?: readonly PermissionRule[];
  /** Tools (names or globs) safe to run again when a run is resumed after a crash. */
  idempotentTools?: readonly string[];
  /** This replica's id in the fencing log. Default: a random id. */
  replicaId?: string;
  /** How long a lease lasts without renewal, in ms. Default 15 000. */
  leaseTtlMs?: number;
  /** How often to look for orphaned runs to recover, in ms; 0 disables. Default `leaseTtlMs`. */
  recoveryIntervalMs?: number;
  /** The largest request body, in bytes. Default 1 MiB. */
  maxBodyBytes?: number;
  /**
   * Per-user request rate limit (POST and DELETE routes, A2A POSTs): a limiter, or the options of
   * the default one. The default is one budget per user shared by every replica
   * (`RedisRateLimiter` on the backend's connection) when `backend` is a `RedisBackend`, else an
   * `InMemoryRateLimiter` (per replica). Default 120 requests per 60 s.
   */
  rateLimit?: RateLimiter | ServerRateLimitOptions;
  /** Longest an SSE response stays open, in ms (clients reconnect with Last-Event-ID). Default 5 min. */
  maxStreamMs?: number;
  /** Most SSE streams open at once on this replica. Default 1 000. */
  maxStreams?: number;
  /**
   * Serve every hosted agent as an A2A agent at `/a2a/<name>` (card at
   * `/a2a/<name>/.well-known/agent-card.json`), on the same sessions and auth: the A2A `contextId`
   * is the user's session id. Default `true`; `false` turns it off.
   */
  a2a?: boolean | A2AServerOptions;
  /**
   * More secrets to mask, by value, in everything the server sends out (events, error bodies, log
   * lines), besides those it knows: the bearer `tokens` and the API keys of the agents' models.
   */
  secrets?: readonly string[];
  /** Where the server's error lines go (secrets masked). Default: `logger.error`. */
  log?: (line: string) => void;
  /**
   * The structured logger of the request and run records (one per request, one per run
   * transition; secrets masked). Default: core's `getLogger()` (see `setLogger`).
   */
  logger?: Logger;
  /**
   * The level of the request and run records. Default `info` when `logger` is given, else
   * `debug`: on core's logger a library's console gets no line per request unless its level is
   * `debug` (`setLogLevel`); warnings and errors show either way.
   */
  recordLevel?: RecordLevel;
  /** Extra routes mounted on the app (e.g. an A2A handler): called with the app and auth. */
  routes?: (app: Hono, helpers: RouteHelpers) => void;
  /**
   * Voice agents served to browsers over WebSockets at `/v1/realtime/<name>` (same auth), once
   * the server `listen`s; see {@link RealtimeServerOptions}.
   */
  realtime?: RealtimeServerOptions;
}

/** Options of the server's default rate limiter (`failMode` and the timings apply on Redis only). */
export type ServerRateLimitOptions = RateLimitOptions &
  Pick<RedisRateLimiterOptions, "failMode" | "commandTimeout" | "probeIntervalMs" | "warn">;

/** What {@link AgentServerOptions.routes} gets to build routes that share the server's auth. */
export interface RouteHelpers {
  /** The authenticated user of a request, or `null`. */
  authenticate: Authenticate;
  /** The runner (start, decide, interrupt, recover runs). */
  runner: SessionRunner;
  /** The backend. */
  backend: ServiceBackend;
}

/** A running agent server (see {@link createAgentServer}). */
export interface AgentServer {
  /** The Hono app: mount it elsewhere, or call `app.fetch` directly. */
  app: Hono;
  /** The runner behind the routes. */
  runner: SessionRunner;
  /** The backend in use. */
  backend: ServiceBackend;
  /** This replica's id. */
  replicaId: string;
  /** The rate limiter in use (closed by `close()`). */
  rateLimiter: RateLimiter;
  /** Listens on `host:port` (default 127.0.0.1, a free port); resolves with the bound port. */
  listen(port?: number, host?: string): Promise<number>;
  /** Stops listening and recovering, waits for (or interrupts) local runs, closes the limiter and the backend. */
  close(options?: { interrupt?: boolean }): Promise<void>;
}

const sessionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,128}$/, "use 1–128 letters, digits, '.', '_' or '-'");
const messageBodySchema = z.strictObject({
  content: msgContentSchema.refine((c) => (typeof c === "string" ? c.length > 0 : c.length > 0), {
    message: "must not be empty",
  }),
  agent: z.string().min(1).max(128).optional(),
  name: z.string().min(1).max(128).optional(),
});
const approvalBodySchema = z.strictObject({
  decision: z.enum(["approve", "deny"]),
  editedInput: z.record(z.string(), z.unknown()).optional(),
  reason: z.string().max(2000).optional(),
});

type Vars = { Variables: RequestLogVars };

function issuesText(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ");
}

/**
 * Builds the HTTP service hosting `agents`: runs, resumable SSE events, interrupts, approvals,
 * session state. Single node by default; pass a `RedisBackend` for replicas.
 */
export function createAgentServer(options: AgentServerOptions): AgentServer {
  if (Object.keys(options.agents).length === 0 && !options.realtime) {
    throw new TypeError(
      "createAgentServer needs at least one agent: agents: { name: (ctx) => new ReActAgent(…) }.",
    );
  }
  const authenticate: Authenticate | null =
    options.authenticate ??
    (options.tokens ? bearerTokens(options.tokens) : null) ??
    (options.allowAnonymous ? () => ({ userId: "anonymous" }) : null);
  if (!authenticate) {
    throw new TypeError(
      "createAgentServer: give `authenticate`, `tokens` ({ token: userId }), or `allowAnonymous: true` for local development.",
    );
  }
  const mask = new SecretMask([...Object.keys(options.tokens ?? {}), ...(options.secrets ?? [])]);
  const logger = options.logger ?? getLogger();
  const recordLevel = recordLevelOf(options.recordLevel, options.logger !== undefined);
  const logTo = options.log ?? ((line: string) => logger.error(line));
  const log = (line: string) => logTo(mask.text(line));
  /** JSON error body: `{ error: { code, message } }`, secrets masked. */
  const fail = (c: Context, status: 400 | 401 | 404 | 409 | 413 | 429 | 503, message: string) =>
    c.json({ error: { code: status, message: mask.text(message) } }, status);
  const backend = options.backend ?? new InMemoryBackend();
  const replicaId = options.replicaId ?? `replica-${randomUUID().slice(0, 8)}`;
  const leaseTtlMs = options.leaseTtlMs ?? 15_000;
  const runner = new SessionRunner({
    backend,
    agents: options.agents,
    policy: new PermissionPolicy(options.permissions ?? []),
    idempotentTools: options.idempotentTools ?? [],
    replicaId,
    leaseTtlMs,
    mask,
    log,
    logger,
    recordLevel,
  });
  const limiter = rateLimiterFor(options.rateLimit, backend, mask);
  const maxStreamMs = options.maxStreamMs ?? 300_000;
  const maxStreams = options.maxStreams ?? 1_000;
  let openStreams = 0;
  const closing = new AbortController();

  const app = new Hono<Vars>();
  app.use("*", requestLog(logger, mask, recordLevel));
  app.onError((error, c) => {
    if (error instanceof RunConflictError) return fail(c, error.status, error.message);
    log(`[agentscope-server] ${c.req.method} ${c.req.path}: ${describeError(error)}`);
    if (error instanceof StorageConnectionError) {
      // Redis or PostgreSQL is down: the client may retry.
      c.header("Retry-After", "1");
      return fail(c, 503, "The service's storage is unreachable; retry shortly.");
    }
    // Anything else (a Redis error reply, a bug) is not retryable: the cause is in the log.
    return c.json({ error: { code: 500, message: "Internal error; see the server log." } }, 500);
  });
  app.notFound((c) => fail(c, 404, `No route ${c.req.method} ${c.req.path}.`));
  app.use(
    "/v1/*",
    requestBodyLimit(options.maxBodyBytes ?? 1024 * 1024, (c) =>
      fail(c, 413, "The request body is too large."),
    ),
  );
  app.use("/v1/*", async (c, next) => {
    const user = await authenticate(c.req.raw);
    if (!user) {
      c.header("WWW-Authenticate", 'Bearer realm="agentscope"');
      return fail(c, 401, "Missing or invalid bearer token (Authorization: Bearer <token>).");
    }
    c.set("userId", user.userId);
    if (c.req.method !== "GET") {
      const refused = await rateLimitResponse(limiter, user.userId);
      if (refused) return refused;
    }
    await next();
  });
  const keyOf = (c: Context<Vars>): SessionKey | Response => {
    const parsed = sessionIdSchema.safeParse(c.req.param("id"));
    if (!parsed.success) return fail(c, 400, `Invalid session id: ${issuesText(parsed.error)}.`);
    c.set("sessionId", parsed.data);
    return { userId: c.get("userId"), sessionId: parsed.data };
  };
  const jsonBody = async (c: Context<Vars>): Promise<unknown> => {
    try {
      return await c.req.json();
    } catch {
      return Symbol.for("invalid");
    }
  };

  app.post("/v1/sessions/:id/messages", async (c) => {
    const key = keyOf(c);
    if (key instanceof Response) return key;
    const raw = await jsonBody(c);
    const body = messageBodySchema.safeParse(raw);
    if (!body.success) {
      return fail(c, 400, `Invalid message: ${issuesText(body.error)}. Send {"content": "…"}.`);
    }
    if (body.data.agent !== undefined && !Object.hasOwn(options.agents, body.data.agent)) {
      return fail(
        c,
        404,
        `No agent named '${body.data.agent}'. Agents: ${Object.keys(options.agents).join(", ")}.`,
      );
    }
    const msg = new Msg(body.data.name ?? key.userId, body.data.content, "user");
    const { runId } = await runner.startMessage(key, msg, body.data.agent);
    c.set("runId", runId);
    return c.json({ runId, sessionId: key.sessionId }, 202);
  });

  app.post("/v1/sessions/:id/interrupt", async (c) => {
    const key = keyOf(c);
    if (key instanceof Response) return key;
    if (!(await sessionExists(backend, key))) return fail(c, 404, `No session '${key.sessionId}'.`);
    return c.json({ interrupt: await runner.interrupt(key) }, 202);
  });

  app.post("/v1/sessions/:id/approvals/:toolCallId", async (c) => {
    const key = keyOf(c);
    if (key instanceof Response) return key;
    const body = approvalBodySchema.safeParse(await jsonBody(c));
    if (!body.success) {
      return fail(
        c,
        400,
        `Invalid approval: ${issuesText(body.error)}. Send {"decision": "approve"|"deny"}.`,
      );
    }
    const { decision, editedInput, reason } = body.data;
    const result = await runner.decide(key, c.req.param("toolCallId"), {
      approve: decision === "approve",
      ...(editedInput ? { editedInput } : {}),
      ...(reason !== undefined ? { reason } : {}),
    });
    return c.json(result, 202);
  });

  app.get("/v1/sessions/:id", async (c) => {
    const key = keyOf(c);
    if (key instanceof Response) return key;
    const cp = await backend.loadCheckpoint(key);
    if (!cp) return fail(c, 404, `No session '${key.sessionId}'.`);
    return c.json({
      sessionId: key.sessionId,
      agent: cp.agentName,
      status: cp.run.status,
      runId: cp.run.runId,
      pending: cp.run.pending
        .filter((p) => p.reason !== "not_run")
        .map((p) => ({ toolUse: p.toolUse, reason: p.reason, decided: p.decision !== undefined })),
      memory: await runner.memoryOf(key, cp),
      state: cp.agent,
    });
  });

  app.delete("/v1/sessions/:id", async (c) => {
    const key = keyOf(c);
    if (key instanceof Response) return key;
    if (!(await runner.forget(key))) return fail(c, 404, `No session '${key.sessionId}'.`);
    return c.body(null, 204);
  });

  /** Streams the session's events after `after` as SSE (AG-UI when `agUi`), optionally one run's only. */
  const streamEvents = (
    c: Context<Vars>,
    key: SessionKey,
    after: string,
    stream: { agUi: AgUiMapper | null; untilRunEnd: boolean; runId?: string },
  ) =>
    sseResponse(c, async (sse) => {
      openStreams++;
      const stop = new AbortController();
      const onClose = () => stop.abort();
      closing.signal.addEventListener("abort", onClose, { once: true });
      sse.onAbort(onClose);
      const deadline = setTimeout(onClose, maxStreamMs);
      let last = after;
      try {
        while (!stop.signal.aborted) {
          const events: StoredEvent[] = await backend.readEvents(key, last, {
            blockMs: 5_000,
            count: 200,
            signal: stop.signal,
          });
          if (events.length === 0 && !stop.signal.aborted) await sse.write(": keep-alive\n\n");
          let ended = false;
          // Every event of the batch in one write (one socket write, not one per event).
          let frames = "";
          for (const e of events) {
            last = e.id;
            if (stream.runId !== undefined && e.runId !== stream.runId) continue;
            if (stream.agUi) {
              for (const out of stream.agUi.map(e)) {
                frames += sseFrame(undefined, JSON.stringify(out), e.id);
              }
            } else {
              const out = defaultSse(e);
              frames += sseFrame(out.event, JSON.stringify(out.data), e.id);
            }
            if (stream.untilRunEnd && RUN_END.has(e.type)) ended = true;
          }
          if (frames) await sse.write(frames);
          if (ended) break;
        }
      } catch (error) {
        // The 200 is sent already: log (masked) and end the stream; the client reconnects.
        log(`[agentscope-server] event stream of ${key.sessionId}: ${describeError(error)}`);
      } finally {
        clearTimeout(deadline);
        closing.signal.removeEventListener("abort", onClose);
        openStreams--;
      }
    });

  app.get("/v1/sessions/:id/events", async (c) => {
    const key = keyOf(c);
    if (key instanceof Response) return key;
    if (!(await sessionExists(backend, key))) return fail(c, 404, `No session '${key.sessionId}'.`);
    const header = c.req.header("last-event-id");
    const given = header ?? c.req.query("after");
    const after = given ?? "0";
    if (!isEventId(after)) {
      // Checked before the stream opens: a 200 that closes at once makes EventSource loop.
      const source = header !== undefined ? "Last-Event-ID header" : "'after' query parameter";
      return fail(c, 400, `Invalid ${source} '${after.slice(0, 64)}': give ${EVENT_ID_FORM}.`);
    }
    if (openStreams >= maxStreams) return fail(c, 503, "Too many open event streams; retry.");
    const untilRunEnd = c.req.query("until") === "run_end";
    const protocol = c.req.query("protocol") ?? "agentscope";
    if (protocol !== "agentscope" && protocol !== "ag-ui") {
      return fail(c, 400, `Unknown protocol '${protocol}': use 'agentscope' (default) or 'ag-ui'.`);
    }
    if (protocol === "agentscope") return streamEvents(c, key, after, { agUi: null, untilRunEnd });
    // AG-UI without Last-Event-ID: the latest run only, not every earlier turn again.
    const from = given ?? (await latestRunStart(backend, key));
    return streamEvents(c, key, from, { agUi: new AgUiMapper(key.sessionId), untilRunEnd });
  });

  // AG-UI's HttpAgent: POST a RunAgentInput, read that run's events (see docs/ag-ui.md).
  app.post("/v1/ag-ui/:agent?", async (c) => {
    if (openStreams >= maxStreams) return fail(c, 503, "Too many open event streams; retry.");
    const agents = Object.keys(options.agents);
    const started = await startAgUiRun(
      runner,
      agents,
      c.get("userId"),
      c.req.param("agent"),
      await jsonBody(c),
    );
    if ("refused" in started) return fail(c, started.refused.status, started.refused.message);
    c.set("sessionId", started.key.sessionId);
    c.set("runId", started.runId);
    const agUi = new AgUiMapper(started.key.sessionId);
    return streamEvents(c, started.key, "0", { agUi, untilRunEnd: true, runId: started.runId });
  });

  if (options.a2a !== false) {
    mountA2ARoutes(
      app as unknown as Hono,
      {
        agents: options.agents,
        authenticate,
        requiresAuth: options.authenticate !== undefined || options.tokens !== undefined,
        runner,
        backend,
        rateLimit: (userId) => rateLimitResponse(limiter, userId),
      },
      options.a2a === true || options.a2a === undefined ? {} : options.a2a,
    );
  }
  options.routes?.(app as unknown as Hono, { authenticate, runner, backend });

  const interval = options.recoveryIntervalMs ?? leaseTtlMs;
  let sweeping = false;
  const sweeper =
    interval > 0
      ? setInterval(async () => {
          if (sweeping) return;
          sweeping = true;
          try {
            for (const key of await backend.listActive(100)) await runner.recover(key);
          } catch (error) {
            // Unreachable: try again at the next tick. Anything else will not pass by itself.
            if (!(error instanceof StorageConnectionError)) {
              log(`[agentscope-server] recovering runs: ${describeError(error)}`);
            }
          } finally {
            sweeping = false;
          }
        }, interval)
      : null;
  sweeper?.unref();

  let server: ReturnType<typeof serve> | null = null;
  let realtime: RealtimeTransport | null = null;
  return {
    app: app as unknown as Hono,
    runner,
    backend,
    replicaId,
    rateLimiter: limiter,
    listen(port = 0, host = "127.0.0.1") {
      return new Promise<number>((resolve) => {
        server = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) =>
          resolve(info.port),
        );
        if (options.realtime) {
          realtime = attachRealtimeSessions(server as Server, options.realtime, {
            authenticate,
            log,
          });
        }
      });
    },
    async close({ interrupt = false } = {}) {
      if (sweeper) clearInterval(sweeper);
      closing.abort();
      await runner.drain(interrupt);
      await realtime?.close();
      if (server) {
        const s = server;
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
      await limiter.close();
      await backend.close();
    },
  };
}

/** The limiter given, or the default for the backend (shared on Redis, else per replica). */
function rateLimiterFor(
  given: RateLimiter | ServerRateLimitOptions | undefined,
  backend: ServiceBackend,
  mask: SecretMask,
): RateLimiter {
  if (given && typeof (given as RateLimiter).take === "function") return given as RateLimiter;
  const settings = (given ?? {}) as ServerRateLimitOptions;
  if (backend instanceof RedisBackend) {
    const warn = settings.warn ?? ((line: string) => getLogger().warn(line));
    return new RedisRateLimiter({ ...settings, backend, warn: (line) => warn(mask.text(line)) });
  }
  return new InMemoryRateLimiter(settings);
}

/** Event types that end a run (or pause it for a human). */
export const RUN_END = new Set(["run_finished", "run_interrupted", "run_failed", "run_parked"]);

/** An error and its causes, one `Name: message` each, for the log. */
function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e !== undefined && parts.length < 4; ) {
    parts.push(errorText(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join(" <- caused by ");
}

function defaultSse(e: StoredEvent): { event: string; data: unknown } {
  return { event: e.type, data: { runId: e.runId, fence: e.fence, ...e.data } };
}

/**
 * One SSE frame, byte for byte as Hono's `writeSSE` writes it. `data` is JSON (no line breaks),
 * `event` one of our event types and `id` a log id, so no line needs splitting.
 */
function sseFrame(event: string | undefined, data: string, id: string): string {
  return `${event ? `event: ${event}\n` : ""}data: ${data}\nid: ${id}\n\n`;
}

/** Whether the session exists: the backend's cheap check when it has one, else a checkpoint load. */
async function sessionExists(backend: ServiceBackend, key: SessionKey): Promise<boolean> {
  if (backend.hasSession) return backend.hasSession(key);
  return (await backend.loadCheckpoint(key)) !== undefined;
}
