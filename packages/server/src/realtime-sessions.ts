import { randomUUID } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import {
  ChatRoom,
  type ClientEvent,
  parseClientEvent,
  type RealtimeAgent,
  type ServerEvent,
} from "@agentscope-ts/core";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import type { Authenticate } from "./auth.js";

/** The subprotocol of the browser transport; a browser also offers `bearer.<token>` to authenticate. */
export const REALTIME_SUBPROTOCOL = "agentscope.realtime";

/** What a realtime session factory gets. */
export interface RealtimeSessionContext {
  /** The authenticated user. */
  userId: string;
  /** The new session's id (sent to the browser in `server_session_created`). */
  sessionId: string;
  /** The agent name from the URL. */
  agent: string;
}

/** Builds the voice agent (or a room of them) for one browser session; each gets its own model. */
export type RealtimeSessionFactory = (
  context: RealtimeSessionContext,
) => RealtimeAgent | ChatRoom | Promise<RealtimeAgent | ChatRoom>;

/** Options of the browser realtime transport (`createAgentServer({ realtime })`). */
export interface RealtimeServerOptions {
  /** The voice agents served, by name, at `<path>/<name>`. */
  agents: Record<string, RealtimeSessionFactory>;
  /** Where sessions are served. Default `/v1/realtime`. */
  path?: string;
  /** Most sessions open at once on this replica (then 503). Default 100. */
  maxSessions?: number;
  /** The largest frame a browser may send, in bytes. Default 1 MiB. */
  maxFrameBytes?: number;
  /** Most bytes queued to a slow browser before its session is closed (1013). Default 8 MiB. */
  maxBufferedBytes?: number;
  /** Longest a session lasts, in ms (then it is closed, 1000). Default 30 min. */
  maxSessionMs?: number;
}

/** What {@link attachRealtimeSessions} needs besides its options. */
export interface RealtimeTransportDeps {
  /** The server's auth (the same as its HTTP routes). */
  authenticate: Authenticate;
  /** Log lines (secrets already masked by the caller's logger). */
  log: (line: string) => void;
}

/** The realtime transport attached to an HTTP server. */
export interface RealtimeTransport {
  /** How many sessions are open. */
  readonly openSessions: number;
  /** Ends every session and stops accepting new ones. */
  close(): Promise<void>;
}

function reject(socket: Duplex, status: number, text: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}

/** The upgrade request as a fetch `Request`, a `bearer.<token>` subprotocol moved into `Authorization`. */
function requestOf(req: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(", "));
  }
  const offered = (req.headers["sec-websocket-protocol"] ?? "").split(",").map((p) => p.trim());
  const bearer = offered.find((p) => p.startsWith("bearer."));
  if (bearer && !headers.has("authorization")) {
    headers.set("authorization", `Bearer ${bearer.slice("bearer.".length)}`);
  }
  return new Request(url, { headers });
}

/**
 * Serves voice sessions over WebSockets on `server`: a browser connects to `<path>/<agent>`
 * (authenticated like the HTTP routes: an `Authorization` header, or the `bearer.<token>`
 * subprotocol a browser can send), sends AgentScope's client events as JSON (`client_audio_append`
 * with base64 PCM16 from the microphone, `client_text_append`, `client_response_cancel`…) and
 * receives the server events (`server_session_created`, then every `agent_*` event: transcripts,
 * audio deltas to play, tool calls and results). Bounded: frames, sessions, bytes queued to a slow
 * browser, session length.
 */
export function attachRealtimeSessions(
  server: Server,
  options: RealtimeServerOptions,
  deps: RealtimeTransportDeps,
): RealtimeTransport {
  const base = (options.path ?? "/v1/realtime").replace(/\/+$/, "");
  const maxSessions = options.maxSessions ?? 100;
  const maxBuffered = options.maxBufferedBytes ?? 8 * 1024 * 1024;
  const maxSessionMs = options.maxSessionMs ?? 30 * 60_000;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxFrameBytes ?? 1024 * 1024,
    handleProtocols: (protocols) =>
      protocols.has(REALTIME_SUBPROTOCOL) ? REALTIME_SUBPROTOCOL : false,
  });
  const sessions = new Set<() => Promise<void>>();
  const endings = new Set<Promise<void>>();
  let closed = false;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (!url.pathname.startsWith(`${base}/`)) return reject(socket, 404, "Not Found");
    void (async () => {
      const name = decodeURIComponent(url.pathname.slice(base.length + 1));
      const factory = Object.hasOwn(options.agents, name) ? options.agents[name] : undefined;
      if (closed) return reject(socket, 503, "Service Unavailable");
      const user = await deps.authenticate(requestOf(req, url));
      if (!user) return reject(socket, 401, "Unauthorized");
      if (!factory) return reject(socket, 404, `No realtime agent ${name}`);
      if (sessions.size >= maxSessions) return reject(socket, 503, "Too many realtime sessions");
      wss.handleUpgrade(req, socket, head, (ws) => {
        void runSession(ws, factory, { userId: user.userId, sessionId: randomUUID(), agent: name });
      });
    })().catch((error: unknown) => {
      deps.log(`[agentscope-server] realtime upgrade: ${String(error)}`);
      reject(socket, 500, "Internal Server Error");
    });
  };
  server.on("upgrade", onUpgrade);

  async function runSession(
    ws: WebSocket,
    factory: RealtimeSessionFactory,
    context: RealtimeSessionContext,
  ): Promise<void> {
    const { sessionId } = context;
    const send = (event: ServerEvent) => {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > maxBuffered) {
        ws.close(1013, "the browser reads too slowly");
        return;
      }
      ws.send(JSON.stringify(event));
    };
    let target: RealtimeAgent | ChatRoom | undefined;
    let ending: Promise<void> | undefined;
    const end = (code: number, reason: string) => {
      if (ending) return ending;
      sessions.delete(stop);
      ending = (async () => {
        clearTimeout(timer);
        await target?.stop().catch(() => {});
        send({ type: "server_session_ended", session_id: sessionId });
        if (ws.readyState === ws.OPEN) ws.close(code, reason);
      })();
      endings.add(ending);
      void ending.finally(() => endings.delete(ending as Promise<void>));
      return ending;
    };
    const stop = () => end(1001, "server closing");
    sessions.add(stop);
    const timer = setTimeout(() => void end(1000, "maxSessionMs reached"), maxSessionMs);
    const pending: RawData[] = [];
    let ready = false;
    ws.on("message", (data, isBinary) => {
      if (!ready) {
        if (pending.length < 1000) pending.push(data);
        return;
      }
      void handle(data, isBinary);
    });
    ws.on("close", () => void end(1000, "closed"));
    const handle = async (data: RawData, isBinary = false) => {
      let event: ClientEvent;
      try {
        if (isBinary) throw new TypeError("send client events as JSON text frames");
        event = parseClientEvent(JSON.parse(String(data)));
      } catch (error) {
        send(errorEvent(context, error));
        return;
      }
      if (event.type === "client_session_end") {
        await end(1000, "session ended by the client");
        return;
      }
      try {
        await target?.handleInput(event);
      } catch (error) {
        send(errorEvent(context, error));
      }
    };

    try {
      target = await factory(context);
      let agentsLeft = target instanceof ChatRoom ? target.agents.length : 1;
      send({ type: "server_session_created", session_id: sessionId });
      await target.start((event) => {
        send(event);
        if (event.type === "agent_ended" && --agentsLeft === 0) void end(1000, "agent ended");
      });
      ready = true;
      for (const data of pending.splice(0)) await handle(data);
    } catch (error) {
      deps.log(`[agentscope-server] realtime session ${context.agent}: ${String(error)}`);
      send(errorEvent(context, error));
      await end(1011, "the realtime session could not start");
    }
  }

  return {
    get openSessions() {
      return sessions.size;
    },
    async close() {
      closed = true;
      server.off("upgrade", onUpgrade);
      await Promise.allSettled([...sessions].map((stop) => stop()));
      await Promise.allSettled([...endings]);
      wss.close();
    },
  };
}

function errorEvent(context: RealtimeSessionContext, error: unknown): ServerEvent {
  const e = error as { name?: unknown; code?: unknown; message?: unknown };
  return {
    type: "agent_error",
    agent_id: "server",
    agent_name: context.agent,
    error_type: typeof e?.name === "string" ? e.name : "Error",
    code: typeof e?.code === "string" ? e.code : "error",
    message: typeof e?.message === "string" ? e.message : String(error),
  };
}
