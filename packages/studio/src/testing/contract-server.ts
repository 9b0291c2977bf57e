/**
 * A Studio contract server for tests: speaks AgentScope Studio's protocol as its public source
 * defines it (tRPC over HTTP with the router's input schemas, the `/python` and `/client`
 * socket.io namespaces and their events, OTLP/HTTP JSON at `/v1/traces`) and keeps what arrives
 * the way Studio's tables do. Not Studio's code: written from its source for contract tests.
 * Unlike Studio, the OTLP route takes JSON only (415 for protobuf; `@agentscope-ts/otel` sends JSON).
 */
import {
  createServer,
  type Server as HttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { decodeTraces, type ReceivedSpan } from "@agentscope-ts/otel/testing";
import { Server as SocketServer } from "socket.io";
import type { z } from "zod";
import { studioInputSchemas } from "./studio-schemas.js";

/** The largest request body accepted (bytes), as Studio's OTLP route. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** A run as Studio stores it. */
export type StoredRun = z.infer<typeof studioInputSchemas.registerRun> & { run_dir: string };
/** A reply as Studio stores it. */
export type StoredReply = z.infer<typeof studioInputSchemas.registerReply>;
/** A message as Studio stores it (its `MessageForm`). */
export interface StoredMessage {
  id: string;
  runId: string;
  replyId: string;
  msg: { name: string; role: string; content: unknown; metadata: unknown; timestamp: string };
  speech: unknown[] | null;
}
/** An open question to the user as Studio stores it. */
export type StoredInputRequest = z.infer<typeof studioInputSchemas.requestUserInput>;
/** One tRPC call received, with the HTTP status it was answered with. */
export interface ReceivedCall {
  procedure: string;
  input: unknown;
  status: number;
}

/** What the contract server keeps; it outlives restarts, as Studio's database does. */
export interface StudioStore {
  runs: Map<string, StoredRun>;
  replies: Map<string, StoredReply>;
  /** In the order Studio first saw them (a later print of the same id updates in place). */
  messages: Map<string, StoredMessage>;
  inputRequests: Map<string, StoredInputRequest>;
  spans: ReceivedSpan[];
  calls: ReceivedCall[];
}

/** A running contract server. */
export interface StudioContractServer {
  /** Base URL, e.g. `http://127.0.0.1:41234` (a restart keeps it). */
  readonly url: string;
  readonly store: StudioStore;
  /** How many `/python` sockets are connected now. */
  readonly pythonClients: number;
  /** Answers the next `times` calls of `procedure` (or `"*"`) with HTTP `status` instead. */
  failNext(procedure: string, status: number, times?: number): void;
  /** Holds the answers of tRPC calls until `release()` (a slow Studio). */
  stall(): { release(): void };
  /** Waits until `check()` returns a truthy value, and returns it (rejects after `timeoutMs`). */
  waitFor<T>(check: () => T | undefined | null | false, timeoutMs?: number): Promise<T>;
  /** Stops like a killed process: connections drop, nothing is updated (the store stays). */
  kill(): Promise<void>;
  /** Starts again on the same port, with the same store. */
  restart(): Promise<void>;
  /** Stops for good, as Studio shutting down (its socket handlers run). */
  close(): Promise<void>;
}

type Handler = (procedure: string, input: unknown) => { status: number; message?: string };

function trpcError(res: ServerResponse, status: number, procedure: string, message: string): void {
  const code =
    status === 404 ? "NOT_FOUND" : status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST";
  res.writeHead(status, { "content-type": "application/json" }).end(
    JSON.stringify({
      error: {
        message,
        code: status === 404 ? -32004 : status >= 500 ? -32603 : -32600,
        data: { code, httpStatus: status, path: procedure },
      },
    }),
  );
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
    req.on("error", () => resolve(null));
  });
}

function createStore(): StudioStore {
  return {
    runs: new Map(),
    replies: new Map(),
    messages: new Map(),
    inputRequests: new Map(),
    spans: [],
    calls: [],
  };
}

/** Starts a Studio contract server on a free port of 127.0.0.1. */
export async function startStudioContractServer(): Promise<StudioContractServer> {
  const store = createStore();
  const faults: { procedure: string; status: number; times: number }[] = [];
  const stalls = new Set<Promise<void>>();
  const changed = new Set<() => void>();
  let port = 0;
  let http: HttpServer;
  let io: SocketServer;
  let killed = false;
  const notify = () => {
    for (const wake of changed) wake();
  };

  const setStatus = (runId: string, status: StoredRun["status"]) => {
    const run = store.runs.get(runId);
    if (run) run.status = status;
  };

  // What each procedure does, as Studio's router (after its input schema accepted the input).
  const handle: Handler = (procedure, raw) => {
    switch (procedure) {
      case "registerRun": {
        const input = raw as StoredRun;
        store.runs.set(input.id, { ...input, run_dir: input.run_dir || "" });
        return { status: 200 };
      }
      case "registerReply": {
        const input = raw as StoredReply;
        store.replies.set(input.replyId, input);
        return { status: 200 };
      }
      case "requestUserInput": {
        const input = raw as StoredInputRequest;
        if (!store.runs.has(input.runId))
          return { status: 400, message: `Run with id ${input.runId} does not exist` };
        store.inputRequests.set(input.requestId, input);
        io.of("/client").to(`run-${input.runId}`).emit("pushInputRequests", [input]);
        return { status: 200 };
      }
      case "pushMessage": {
        const input = raw as z.infer<typeof studioInputSchemas.pushMessage>;
        if (!store.runs.has(input.runId))
          return { status: 400, message: `Run with id ${input.runId} does not exist` };
        const replyId = input.replyId ?? input.msg.id;
        if (!store.replies.has(replyId)) {
          store.replies.set(replyId, {
            runId: input.runId,
            replyId,
            replyRole: (input.replyRole ?? input.role) as string,
            replyName: (input.replyName ?? input.name) as string,
            createdAt: input.msg.timestamp,
          });
        }
        const speech = input.speech
          ? Array.isArray(input.speech)
            ? input.speech
            : [input.speech]
          : null;
        const { id, name, role, content, metadata, timestamp } = input.msg;
        const previous = store.messages.get(id);
        store.messages.set(id, {
          id,
          runId: input.runId,
          replyId: previous?.replyId ?? replyId,
          msg: { name, role, content, metadata, timestamp },
          speech: speech ?? previous?.speech ?? null,
        });
        if (speech)
          io.of("/client")
            .to(`run-${input.runId}`)
            .emit("pushSpeech", { replyId, speech: input.speech });
        return { status: 200 };
      }
      default:
        return { status: 404, message: `No procedure found on path "${procedure}"` };
    }
  };

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "").split("?")[0] ?? "";
    const body = await readBody(req);
    if (path === "/v1/traces" && req.method === "POST") {
      const type = String(req.headers["content-type"] ?? "");
      if (!type.includes("application/json")) {
        res
          .writeHead(415, { "content-type": "application/json" })
          .end('{"error":"Unsupported Media Type"}');
        return;
      }
      if (!body || body.length === 0) {
        res.writeHead(400).end();
        return;
      }
      const raw = req.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body;
      store.spans.push(...decodeTraces(JSON.parse(raw.toString("utf8"))));
      notify();
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
      return;
    }
    if (!path.startsWith("/trpc/") || req.method !== "POST") {
      res.writeHead(404).end();
      return;
    }
    const procedure = path.slice("/trpc/".length);
    await Promise.all([...stalls]);
    const record = (input: unknown, status: number) => {
      store.calls.push({ procedure, input, status });
      notify();
    };
    let input: unknown;
    try {
      input = JSON.parse(body?.toString("utf8") || "null");
    } catch {
      record(undefined, 400);
      trpcError(res, 400, procedure, "Invalid JSON body");
      return;
    }
    const fault = faults.find((f) => f.procedure === procedure || f.procedure === "*");
    if (fault) {
      if (--fault.times <= 0) faults.splice(faults.indexOf(fault), 1);
      record(input, fault.status);
      trpcError(res, fault.status, procedure, `Injected failure ${fault.status}`);
      return;
    }
    const schema = studioInputSchemas[procedure as keyof typeof studioInputSchemas];
    if (!schema) {
      record(input, 404);
      trpcError(res, 404, procedure, `No procedure found on path "${procedure}"`);
      return;
    }
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      record(input, 400);
      trpcError(res, 400, procedure, JSON.stringify(parsed.error.issues));
      return;
    }
    const result = handle(procedure, parsed.data);
    record(input, result.status);
    if (result.status !== 200) {
      trpcError(res, result.status, procedure, result.message ?? "failed");
      return;
    }
    notify();
    res.writeHead(200, { "content-type": "application/json" }).end('{"result":{}}');
  }

  async function listen(): Promise<void> {
    killed = false;
    http = createServer((req, res) => {
      onRequest(req, res).catch((error: unknown) => {
        if (!res.headersSent) trpcError(res, 500, "", String(error));
      });
    });
    io = new SocketServer(http, { cors: { origin: "*" } });
    io.of("/python").on("connection", (socket) => {
      const runId = String((socket.handshake.auth as { run_id?: unknown }).run_id ?? "");
      notify();
      socket.on("disconnect", () => {
        if (!killed) {
          for (const [id, request] of store.inputRequests)
            if (request.runId === runId) store.inputRequests.delete(id);
          setStatus(runId, "done");
        }
        notify();
      });
    });
    io.of("/client").on("connection", (socket) => {
      socket.on("joinRunRoom", (runId: string, callback?: (r: unknown) => void) => {
        if (!store.runs.has(runId)) {
          callback?.({ success: false, message: `Run ${runId} not found` });
          return;
        }
        socket.join(`run-${runId}`);
        socket.emit(
          "pushInputRequests",
          [...store.inputRequests.values()].filter((r) => r.runId === runId),
        );
        callback?.({ success: true });
      });
      socket.on(
        "sendUserInputToServer",
        (
          requestId: string,
          blocksInput: unknown,
          structuredInput: unknown,
          callback?: (r: unknown) => void,
        ) => {
          const request = store.inputRequests.get(requestId);
          if (!request) {
            callback?.({ success: false, message: `Input request ${requestId} not found` });
            return;
          }
          store.inputRequests.delete(requestId);
          if (![...store.inputRequests.values()].some((r) => r.runId === request.runId)) {
            setStatus(request.runId, "running");
          }
          io.of("/python").emit("forwardUserInput", requestId, blocksInput, structuredInput);
          callback?.({ success: true });
          notify();
        },
      );
    });
    await new Promise<void>((resolve) => http.listen(port, "127.0.0.1", resolve));
    port = (http.address() as AddressInfo).port;
  }

  async function stop(abrupt: boolean): Promise<void> {
    killed = abrupt;
    http.closeAllConnections();
    await new Promise<void>((resolve) => io.close(() => resolve()));
    notify();
  }

  await listen();
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    store,
    get pythonClients() {
      return io.of("/python").sockets.size;
    },
    failNext(procedure, status, times = 1) {
      faults.push({ procedure, status, times });
    },
    stall() {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      stalls.add(held);
      return {
        release() {
          stalls.delete(held);
          release();
        },
      };
    },
    waitFor(check, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const attempt = () => {
          const value = check();
          if (!value) return;
          clearTimeout(timer);
          changed.delete(attempt);
          resolve(value);
        };
        const timer = setTimeout(() => {
          changed.delete(attempt);
          reject(
            new Error(
              `the Studio contract server did not reach the awaited state within ${timeoutMs} ms`,
            ),
          );
        }, timeoutMs);
        changed.add(attempt);
        attempt();
      });
    },
    kill: () => stop(true),
    restart: listen,
    close: () => stop(false),
  };
}
