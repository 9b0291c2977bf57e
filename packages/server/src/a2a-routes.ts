import type { SecurityRequirement, SecurityScheme } from "@a2a-js/sdk";
import { ServerCallContext, type TaskStore, type User } from "@a2a-js/sdk/server";
import {
  type A2AFetchHandler,
  AGENT_CARD_WELL_KNOWN_PATH,
  agentCardJson,
  buildAgentCard,
  createA2AFetchHandler,
  httpBearerScheme,
} from "@agentscope-ts/a2a";
import { ValidationError } from "@agentscope-ts/core";
import type { Hono } from "hono";
import { ReplicaEventBusManager } from "./a2a-event-bus-manager.js";
import { SessionA2AExecutor } from "./a2a-executor.js";
import { catchUpTask } from "./a2a-task-catch-up.js";
import type { A2ATaskStoreOptions } from "./a2a-task-store.js";
import type { Authenticate } from "./auth.js";
import type { ServiceBackend } from "./backend.js";
import { InMemoryA2ATaskStore } from "./in-memory-a2a-task-store.js";
import { RedisA2ATaskStore } from "./redis-a2a-task-store.js";
import { RedisBackend } from "./redis-backend.js";
import type { AgentFactory, SessionRunner } from "./session-runner.js";

/** Options of the A2A endpoints of `createAgentServer` (`a2a: { … }`). */
export interface A2AServerOptions {
  /** Where the agents are served: `<basePath>/<agentName>`. Default `"/a2a"`. */
  basePath?: string;
  /**
   * The public origin written into the agent cards (e.g. `https://agents.example.com`), for a
   * server behind a proxy. Default: the origin of the request that fetched the card.
   */
  publicUrl?: string;
  /** Serve the agent cards without a token (A2A discovery). Default `true`; JSON-RPC always needs one. */
  publicCard?: boolean;
  /** The largest JSON-RPC request body, in bytes. Default 10 MiB (file parts are inline). */
  maxBodyBytes?: number;
  /** The longest an A2A turn is followed before its task ends `failed`, in ms. Default 10 min. */
  maxTurnMs?: number;
  /**
   * Security schemes the cards declare, by name, added to (or replacing, by name) the default:
   * `{ bearer: httpBearerScheme() }` when the server requires auth, none when it serves
   * anonymously. Give these when your `authenticate` checks something else (a JWT, an API key).
   */
  securitySchemes?: Record<string, SecurityScheme>;
  /** The cards' security requirements. Default: any one of the declared schemes. */
  securityRequirements?: SecurityRequirement[];
  /**
   * The agent whose card is also served at `/.well-known/agent-card.json` (where A2A clients
   * look first). Default: the only hosted agent, when there is one; else none.
   */
  defaultAgent?: string;
  /**
   * Limits of the A2A task store: `ttlMs` (default 7 days after the last update),
   * `maxTaskBytes` (1 MiB; older history is dropped to fit), `maxTasksPerUser` (1 000). Tasks live
   * in the backend's Redis with a `RedisBackend` (every replica sees them), else in memory.
   */
  tasks?: A2ATaskStoreOptions;
  /** Keep the A2A tasks here instead (one store serves every agent; ids are per user). */
  taskStore?: TaskStore;
}

/** What {@link mountA2ARoutes} needs from the server. */
export interface A2ARouteDeps {
  agents: Record<string, AgentFactory>;
  authenticate: Authenticate;
  /** Whether `authenticate` can refuse a request (`false` for `allowAnonymous`): the card says so. */
  requiresAuth: boolean;
  runner: SessionRunner;
  backend: ServiceBackend;
  /** The server's rate limit: the 429/503 response when the user's call must wait, else `null`. */
  rateLimit?: (userId: string) => Promise<Response | null>;
}

/** A server user as the A2A SDK's `User` (its `userName` scopes the SDK's task store). */
class ServerUser implements User {
  constructor(readonly userId: string) {}
  get isAuthenticated(): boolean {
    return true;
  }
  get userName(): string {
    return this.userId;
  }
}

/**
 * Serves every hosted agent as an A2A agent: the card at
 * `<basePath>/<name>/.well-known/agent-card.json` (one skill per tool, declaring the bearer scheme
 * the server checks; also at `/.well-known/agent-card.json` for the default agent) and JSON-RPC
 * (A2A 1.0 and v0.3) with SSE streaming at `POST <basePath>/<name>`, behind the server's auth.
 * Tasks live in the backend (Redis with `RedisBackend`), so any replica answers `GetTask`,
 * `CancelTask` and resubscribing. Each agent's handler (and its card, which needs one agent built
 * to list its tools) is made on its first request.
 */
export function mountA2ARoutes(app: Hono, deps: A2ARouteDeps, options: A2AServerOptions): void {
  const basePath = `/${(options.basePath ?? "/a2a").replace(/^\/+|\/+$/g, "")}`;
  const publicCard = options.publicCard ?? true;
  const securitySchemes: Record<string, SecurityScheme> = {
    ...(deps.requiresAuth
      ? {
          bearer: httpBearerScheme({
            description: "A token the server was given (Authorization: Bearer <token>).",
          }),
        }
      : {}),
    ...options.securitySchemes,
  };
  const handlers = new Map<
    string,
    Promise<{ handler: A2AFetchHandler; cardOf: CardOf; taskStore: TaskStore }>
  >();
  const maxTurnMs = options.maxTurnMs ?? 600_000;
  const storeFor = (name: string): TaskStore =>
    options.taskStore ??
    (deps.backend instanceof RedisBackend
      ? new RedisA2ATaskStore(deps.backend, options.tasks, name)
      : new InMemoryA2ATaskStore(options.tasks));

  const handlerFor = (name: string) => {
    let entry = handlers.get(name);
    if (!entry) {
      entry = build(name);
      entry.catch(() => handlers.delete(name));
      handlers.set(name, entry);
    }
    return entry;
  };
  type CardOf = (origin: string) => ReturnType<typeof buildAgentCard>;
  const build = async (name: string) => {
    const factory = deps.agents[name] as AgentFactory;
    // Built once, for its name and tools only; sessions get their own agents.
    const probe = await factory({ sessionId: "a2a-agent-card", userId: "a2a-agent-card" });
    const cardOf: CardOf = (origin) =>
      buildAgentCard(probe, {
        url: `${options.publicUrl?.replace(/\/+$/, "") ?? origin}${basePath}/${encodeURIComponent(name)}`,
        description: `${name}, an agent hosted by an AgentScope-TS server${deps.requiresAuth ? " (bearer token required)" : ""}.`,
        securitySchemes,
        ...(options.securityRequirements
          ? { securityRequirements: options.securityRequirements }
          : {}),
      });
    const taskStore = storeFor(name);
    const handler = createA2AFetchHandler({
      agentCard: cardOf(options.publicUrl ?? "http://localhost"),
      executor: new SessionA2AExecutor({
        agentName: name,
        runner: deps.runner,
        backend: deps.backend,
        maxTurnMs,
      }),
      taskStore,
      // CancelTask and resubscribing reach a task running on another replica through the log.
      eventBusManager: new ReplicaEventBusManager({
        taskStore,
        backend: deps.backend,
        streamInterval: 50,
        maxTurnMs,
      }),
      userBuilder: async (request) => {
        const user = await deps.authenticate(request);
        // The route refused unauthenticated calls already; this binds the user to the task.
        return new ServerUser(user?.userId ?? "");
      },
      ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
    });
    return { handler, cardOf, taskStore };
  };

  const unknownAgent = (name: string) =>
    Response.json(
      {
        error: {
          code: 404,
          message: `No agent named '${name}'. Agents: ${Object.keys(deps.agents).join(", ")}.`,
        },
      },
      { status: 404 },
    );

  app.all(`${basePath}/:agent/*`, (c) => serve(c.req.param("agent"), c.req.raw));
  app.all(`${basePath}/:agent`, (c) => serve(c.req.param("agent"), c.req.raw));
  const names = Object.keys(deps.agents);
  const defaultAgent = options.defaultAgent ?? (names.length === 1 ? names[0] : undefined);
  if (defaultAgent !== undefined) {
    if (!Object.hasOwn(deps.agents, defaultAgent)) {
      throw new ValidationError("A2A options", [
        {
          path: "a2a.defaultAgent",
          message: `no agent named '${defaultAgent}' (agents: ${names.join(", ")})`,
        },
      ]);
    }
    // Clients look at the origin's well-known path first; its card points at the agent's path.
    app.get(AGENT_CARD_WELL_KNOWN_PATH, (c) => serve(defaultAgent, c.req.raw));
  }

  async function serve(name: string, request: Request): Promise<Response> {
    if (!Object.hasOwn(deps.agents, name)) return unknownAgent(name);
    const url = new URL(request.url);
    const isCard = request.method === "GET" && url.pathname.endsWith(AGENT_CARD_WELL_KNOWN_PATH);
    const user = isCard && publicCard ? null : await deps.authenticate(request);
    if (!(isCard && publicCard) && !user) {
      return Response.json(
        {
          error: {
            code: 401,
            message: "Missing or invalid bearer token (Authorization: Bearer <token>).",
          },
        },
        { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="agentscope"' } },
      );
    }
    if (user && request.method === "POST") {
      const refused = await deps.rateLimit?.(user.userId);
      if (refused) return refused;
    }
    const { handler, cardOf, taskStore } = await handlerFor(name);
    if (isCard) {
      return Response.json(await agentCardJson(cardOf(url.origin), request), {
        headers: { "Cache-Control": "no-cache", Vary: "A2A-Version" },
      });
    }
    const read = user && request.method === "POST" ? await peekTaskRead(request) : null;
    if (!user || !read) return handler.fetch(request);
    if (read.taskId !== null) {
      // A read shows the task as its run has logged it, whichever replica served its stream.
      // (If this fails, the read itself reports the backend's error.)
      const context = new ServerCallContext({ user: new ServerUser(user.userId) });
      await catchUpTask(taskStore, deps.backend, read.taskId, context).catch(() => undefined);
    }
    return handler.fetch(read.request);
  }
}

/** The largest JSON-RPC body looked into for a task read (`GetTask` bodies are tiny). */
const MAX_PEEK_BYTES = 64 * 1024;

// The task id of a `GetTask` / `tasks/get` call, and the request to pass on (its body was read);
// null when the body is not looked into (no or a large Content-Length).
async function peekTaskRead(
  request: Request,
): Promise<{ taskId: string | null; request: Request } | null> {
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  if (!(length <= MAX_PEEK_BYTES)) return null;
  const body = await request.text();
  const again = new Request(request.url, {
    method: "POST",
    headers: request.headers,
    body,
    signal: request.signal,
  });
  try {
    const rpc = JSON.parse(body) as { method?: unknown; params?: { id?: unknown } };
    const isRead = rpc.method === "GetTask" || rpc.method === "tasks/get";
    const id = rpc.params?.id;
    return { taskId: isRead && typeof id === "string" ? id : null, request: again };
  } catch {
    return { taskId: null, request: again };
  }
}
