import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type {
  ReplayResponse,
  ResponseContext,
  RouteHandler,
  RouteResponse,
  StreamReplay,
} from "./replay-response.js";
import { frameChunk, streamContentType, streamTrailer } from "./sse-framing.js";
import type { TestServerCall } from "./test-server-call.js";
import { attachWebSocketReplay } from "./websocket-replay.js";
import type { WebSocketConnectionRecord, WebSocketRoutes } from "./websocket-script.js";

/** Routes of a test server by path (`"/v1/chat/completions"`); `"*"` answers any other path. */
export type TestServerRoutes = Record<string, RouteHandler>;

/** Options of {@link createTestServer}. */
export interface TestServerOptions {
  /** Scripted WebSocket conversations by path, served on the same port (`server.wsUrl`). */
  websockets?: WebSocketRoutes;
  /**
   * How long an idle keep-alive connection stays open, in ms (default 1000). Node advertises it as
   * `Keep-Alive: timeout=<s>`, and undici closes a connection after each response when that is
   * under its 2 s threshold; a benchmark that stands in for a real provider gives a longer one so
   * the client reuses its connections.
   */
  keepAliveTimeoutMs?: number;
}

/** A running test server; close it with `await server.close()` or `await using`. */
export interface TestServer extends AsyncDisposable {
  /** The base URL, `http://127.0.0.1:<port>` (no trailing slash). */
  readonly url: string;
  /** Every request received, in order. */
  readonly calls: readonly TestServerCall[];
  /** The routes; assign `routes[path].response` to change what a path answers. */
  readonly routes: TestServerRoutes;
  /** The requests received on `path`, in order. */
  callsTo(path: string): TestServerCall[];
  /** The WebSocket base URL, `ws://127.0.0.1:<port>` (see `websockets` in {@link TestServerOptions}). */
  readonly wsUrl: string;
  /** Every WebSocket connection received, in order. */
  readonly connections: readonly WebSocketConnectionRecord[];
  /** The WebSocket connections received on `path`, in order. */
  connectionsTo(path: string): WebSocketConnectionRecord[];
  /** Forgets recorded calls and restarts every route's queue. */
  reset(): void;
  /** Closes the server, cutting connections still open (stalled or streaming responses). */
  close(): Promise<void>;
}

function sleep(ms: number, until: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    until.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function parseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

async function pick(
  response: RouteResponse,
  context: ResponseContext,
  path: string,
): Promise<ReplayResponse> {
  if (typeof response === "function") return response(context);
  if (Array.isArray(response)) {
    const queued = (response as readonly ReplayResponse[])[context.callNumber];
    if (queued) return queued;
    return {
      type: "error",
      status: 500,
      body: {
        error: {
          message: `test-server: ${path} has ${response.length} queued response(s) and received request #${context.callNumber + 1}`,
        },
      },
    };
  }
  return response as ReplayResponse;
}

/**
 * Starts an HTTP server on 127.0.0.1 (a random free port) that answers like a provider's API from
 * recorded data, records every request, and injects faults (error statuses with `Retry-After`,
 * streams cut mid-way, connection resets, stalls). Modelled on the idea of vercel/ai's test
 * server, but a real socket, so real SDKs and their fetch run unchanged.
 *
 * ```ts
 * await using server = await createTestServer({
 *   "/v1/chat/completions": { response: { type: "stream", format: "openai", chunks } },
 * });
 * const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: "test" });
 * // …
 * expect(server.calls[0]?.body).toMatchObject({ stream: true });
 * ```
 */
export async function createTestServer(
  routes: TestServerRoutes = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const calls: TestServerCall[] = [];
  const counters = new Map<string, number>();
  const sockets = new Set<Socket>();
  let closing: (() => void) | undefined;
  const closed = new Promise<void>((resolve) => {
    closing = resolve;
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const rawBody = await readBody(req);
    let clientClosedEarly = false;
    let markFinished!: (value: { completed: boolean }) => void;
    const finished = new Promise<{ completed: boolean }>((resolve) => {
      markFinished = resolve;
    });
    const gone = new Promise<void>((resolve) => {
      res.on("close", () => {
        const completed = res.writableFinished;
        if (!completed) clientClosedEarly = true;
        markFinished({ completed });
        resolve();
      });
    });
    const call: TestServerCall = {
      method: req.method ?? "GET",
      path: url.pathname,
      searchParams: url.searchParams,
      headers: headersOf(req),
      rawBody,
      body: parseJson(rawBody),
      finished,
      get clientClosedEarly() {
        return clientClosedEarly;
      },
    };
    calls.push(call);

    const routeKey = url.pathname in routes ? url.pathname : "*" in routes ? "*" : undefined;
    const route = routeKey === undefined ? undefined : routes[routeKey];
    if (routeKey === undefined || route === undefined) {
      send(res, {
        type: "error",
        status: 404,
        body: {
          error: {
            message: `test-server: no route for ${call.method} ${url.pathname} (routes: ${Object.keys(routes).join(", ") || "none"})`,
          },
        },
      });
      return;
    }
    const callNumber = counters.get(routeKey) ?? 0;
    counters.set(routeKey, callNumber + 1);
    const response = await pick(route.response, { callNumber, call }, url.pathname);
    await respond(res, response, Promise.race([gone, closed]));
  }

  async function respond(
    res: ServerResponse,
    response: ReplayResponse,
    gone: Promise<void>,
  ): Promise<void> {
    switch (response.type) {
      case "reset":
        res.socket?.destroy();
        return;
      case "stall":
        if (response.ms === undefined) {
          await gone;
          res.socket?.destroy();
          return;
        }
        await sleep(response.ms, gone);
        if (res.destroyed) return;
        if (response.after) await respond(res, response.after, gone);
        else res.socket?.destroy();
        return;
      case "stream":
        await stream(res, response, gone);
        return;
      default:
        send(res, response);
    }
  }

  function send(res: ServerResponse, response: ReplayResponse): void {
    if (response.type === "json") {
      res.writeHead(response.status ?? 200, {
        "content-type": "application/json",
        ...response.headers,
      });
      res.end(JSON.stringify(response.body));
    } else if (response.type === "error") {
      const text =
        typeof response.body === "string"
          ? response.body
          : JSON.stringify(response.body ?? { error: { message: `HTTP ${response.status}` } });
      const headers: Record<string, string> = {
        "content-type": typeof response.body === "string" ? "text/plain" : "application/json",
        ...response.headers,
      };
      if (response.retryAfter !== undefined) headers["retry-after"] = String(response.retryAfter);
      res.writeHead(response.status, headers);
      res.end(text);
    } else if (response.type === "binary") {
      res.writeHead(200, {
        "content-type": response.contentType ?? "application/octet-stream",
        ...response.headers,
      });
      res.end(Buffer.from(response.body));
    }
  }

  async function stream(res: ServerResponse, response: StreamReplay, gone: Promise<void>) {
    res.writeHead(200, {
      "content-type": streamContentType(response.format),
      "cache-control": "no-cache",
      ...response.headers,
    });
    const cutAfter = response.cutAfter;
    const chunks = cutAfter === undefined ? response.chunks : response.chunks.slice(0, cutAfter);
    const frames = chunks.map((chunk, index) => frameChunk(response.format, chunk, index));
    const cut = () => {
      if (response.cutMode === "end") res.end();
      else res.socket?.destroy();
    };
    const delay = response.delayMs ?? 0;
    if (delay <= 0) {
      if (cutAfter === undefined) {
        res.end(frames.join("") + streamTrailer(response.format));
      } else {
        res.write(frames.join(""));
        // Let the bytes reach the client before the connection goes.
        await sleep(10, gone);
        cut();
      }
      return;
    }
    for (const frame of frames) {
      if (res.destroyed) return;
      res.write(frame);
      await sleep(delay, gone);
    }
    if (res.destroyed) return;
    if (cutAfter !== undefined) cut();
    else res.end(streamTrailer(response.format));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: `test-server: ${String(error)}` } }));
      } else {
        res.destroy();
      }
    });
  });
  server.keepAliveTimeout = options.keepAliveTimeoutMs ?? 1000;
  const replay = attachWebSocketReplay(server, options.websockets ?? {});
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let isClosed = false;

  const close = async (): Promise<void> => {
    if (isClosed) return;
    isClosed = true;
    closing?.();
    replay.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  return {
    url: `http://127.0.0.1:${port}`,
    get calls() {
      return calls;
    },
    routes,
    callsTo: (path) => calls.filter((call) => call.path === path),
    wsUrl: `ws://127.0.0.1:${port}`,
    get connections() {
      return replay.connections;
    },
    connectionsTo: (path) => replay.connections.filter((c) => c.path === path),
    reset() {
      calls.length = 0;
      counters.clear();
      replay.reset();
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
