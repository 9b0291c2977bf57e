import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import {
  type ClientFrame,
  frameMatches,
  type WebSocketConnectionRecord,
  type WebSocketRoutes,
  type WebSocketStep,
  type WebSocketStepContext,
} from "./websocket-script.js";

/** The default wait of an `expect` step for its client frame. */
export const DEFAULT_EXPECT_TIMEOUT_MS = 10_000;

/** The most client frames one connection records. */
export const MAX_RECORDED_FRAMES = 100_000;

/** The WebSocket side of a test server: its recorded connections and how to close them. */
export interface WebSocketReplay {
  /** Every connection, in order of arrival. */
  readonly connections: WebSocketConnectionRecord[];
  /** Terminates open connections and stops accepting new ones. */
  close(): void;
  /** Restarts the per-path queues and forgets recorded connections. */
  reset(): void;
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined)
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function toFrame(data: RawData, isBinary: boolean): ClientFrame {
  const bytes = Array.isArray(data)
    ? Buffer.concat(data)
    : data instanceof ArrayBuffer
      ? Buffer.from(data)
      : data;
  if (isBinary) return { type: "binary", data: new Uint8Array(bytes) };
  const text = bytes.toString("utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { type: "text", text, json };
}

/**
 * Serves scripted WebSocket conversations on `server` (its `upgrade` requests): each connection
 * on a route runs its script (see `WebSocketStep`), records the client's frames and the close.
 */
export function attachWebSocketReplay(server: Server, routes: WebSocketRoutes): WebSocketReplay {
  const wss = new WebSocketServer({ noServer: true });
  const connections: WebSocketConnectionRecord[] = [];
  const counters = new Map<string, number>();
  const open = new Set<WebSocket>();
  let closed = false;

  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const key = url.pathname in routes ? url.pathname : "*" in routes ? "*" : undefined;
    const route = key === undefined ? undefined : routes[key];
    if (closed || key === undefined || route === undefined || route.rejectStatus !== undefined) {
      const status = route?.rejectStatus ?? 404;
      socket.end(`HTTP/1.1 ${status} Rejected\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const n = counters.get(key) ?? 0;
    counters.set(key, n + 1);
    const steps: readonly WebSocketStep[] | undefined = route.scripts
      ? route.scripts[n]
      : (route.script ?? []);
    wss.handleUpgrade(req, socket, head, (ws) => {
      open.add(ws);
      const { record, markServerClose } = recordOf(ws, url, headersOf(req));
      connections.push(record);
      if (!steps) {
        record.errors.push(
          `${url.pathname} has ${route.scripts?.length ?? 0} scripted connection(s); this is #${n + 1}`,
        );
        ws.close(1011, "test-server: no script for this connection");
        return;
      }
      void run(ws, steps, record, url, markServerClose).catch((error: unknown) => {
        record.errors.push(String(error));
        ws.terminate();
      });
    });
  });

  function recordOf(
    ws: WebSocket,
    url: URL,
    headers: Record<string, string>,
  ): { record: WebSocketConnectionRecord; markServerClose: () => void } {
    const frames: ClientFrame[] = [];
    let closedBy: "client" | "server" = "client";
    const record: WebSocketConnectionRecord = {
      path: url.pathname,
      searchParams: url.searchParams,
      headers,
      frames,
      get messages() {
        return frames.flatMap((f) => (f.type === "text" && f.json !== undefined ? [f.json] : []));
      },
      errors: [],
      closed: new Promise((resolve) => {
        ws.on("close", (code, reason) => {
          open.delete(ws);
          resolve({ by: closedBy, code, reason: reason.toString("utf8") });
        });
      }),
    };
    ws.on("message", (data, isBinary) => {
      if (frames.length < MAX_RECORDED_FRAMES) frames.push(toFrame(data, isBinary));
    });
    const markServerClose = () => {
      closedBy = "server";
    };
    return { record, markServerClose };
  }

  async function run(
    ws: WebSocket,
    steps: readonly WebSocketStep[],
    record: WebSocketConnectionRecord,
    url: URL,
    serverClose: () => void,
  ): Promise<void> {
    const context: WebSocketStepContext = { frames: record.frames, matched: undefined, url };
    let cursor = 0;
    for (const step of steps) {
      if (ws.readyState !== ws.OPEN) return;
      switch (step.type) {
        case "send": {
          const data = step.from ? step.from(context) : step.data;
          await sendFrame(ws, typeof data === "string" ? data : JSON.stringify(data ?? null));
          break;
        }
        case "sendBinary": {
          const data = step.from ? step.from(context) : step.data;
          await sendFrame(ws, data ?? new Uint8Array(0), true);
          break;
        }
        case "expect": {
          const found = await waitForFrame(ws, record, cursor, step.match, context, step.timeoutMs);
          if (found === undefined) {
            const what = step.match === undefined ? "any frame" : describe(step.match);
            record.errors.push(
              `expected a client frame matching ${what}, ${ws.readyState === ws.OPEN ? "timed out" : "the client closed first"}`,
            );
            if (ws.readyState === ws.OPEN) {
              serverClose();
              ws.close(1011, "test-server: expected client frame did not arrive");
            }
            return;
          }
          cursor = found + 1;
          context.matched = record.frames[found];
          break;
        }
        case "close":
          serverClose();
          ws.close(step.code ?? 1000, step.reason ?? "");
          return;
        case "terminate":
          serverClose();
          ws.terminate();
          return;
        case "stall":
          return;
      }
    }
  }

  return {
    connections,
    close() {
      closed = true;
      for (const ws of open) ws.terminate();
      wss.close();
    },
    reset() {
      connections.length = 0;
      counters.clear();
    },
  };
}

function describe(matcher: unknown): string {
  return typeof matcher === "function" ? "a predicate" : JSON.stringify(matcher);
}

function sendFrame(ws: WebSocket, data: string | Uint8Array, binary = false): Promise<void> {
  return new Promise((resolve) => {
    ws.send(data, { binary }, () => resolve());
  });
}

/** The index of the first frame from `from` on that matches, waiting for frames (bounded). */
function waitForFrame(
  ws: WebSocket,
  record: WebSocketConnectionRecord,
  from: number,
  matcher: Parameters<typeof frameMatches>[1],
  context: WebSocketStepContext,
  timeoutMs = DEFAULT_EXPECT_TIMEOUT_MS,
): Promise<number | undefined> {
  const scan = (start: number): number | undefined => {
    for (let i = start; i < record.frames.length; i++) {
      if (frameMatches(record.frames[i] as ClientFrame, matcher, context)) return i;
    }
    return undefined;
  };
  const now = scan(from);
  if (now !== undefined) return Promise.resolve(now);
  return new Promise((resolve) => {
    let next = record.frames.length;
    const done = (value: number | undefined) => {
      clearTimeout(timer);
      ws.off("message", onMessage);
      ws.off("close", onClose);
      resolve(value);
    };
    // Registered after the recorder's listener, so the frame is recorded when this runs.
    const onMessage = () => {
      const found = scan(next);
      next = record.frames.length;
      if (found !== undefined) done(found);
    };
    const onClose = () => done(undefined);
    const timer = setTimeout(() => done(undefined), timeoutMs);
    ws.on("message", onMessage);
    ws.on("close", onClose);
  });
}
