import {
  A2A_VERSION_HEADER,
  type AgentCard,
  Extensions,
  formatSSEErrorEvent,
  formatSSEEvent,
  HTTP_EXTENSION_HEADER,
  SSE_HEADERS,
} from "@a2a-js/sdk";
import { LegacyJsonRpcTransportHandler } from "@a2a-js/sdk/compat/v0_3/server";
import {
  type AgentExecutor,
  DefaultRequestHandler,
  defaultServerCallContextBuilder,
  type ExecutionEventBusManager,
  InMemoryTaskStore,
  JsonRpcTransportHandler,
  type TaskStore,
  UnauthenticatedUser,
  type User,
  validateVersion,
} from "@a2a-js/sdk/server";
import { agentCardJson, isLegacyA2ARequest } from "./agent-card-json.js";
import { StreamedHistoryTaskStore } from "./streamed-history.js";

/** The path of the agent card under the mount point, as A2A clients look it up. */
export const AGENT_CARD_WELL_KNOWN_PATH = "/.well-known/agent-card.json";

/** The options of {@link createA2AFetchHandler}. */
export interface A2AFetchHandlerOptions {
  /** The card served at `/.well-known/agent-card.json` (see `buildAgentCard`). */
  agentCard: AgentCard;
  /** What runs the tasks: an `AgentScopeExecutor`, or any `@a2a-js/sdk` `AgentExecutor`. */
  executor: AgentExecutor;
  /**
   * Where tasks are kept. Default: the SDK's `InMemoryTaskStore`. Every store is wrapped in a
   * `StreamedHistoryTaskStore`, so task histories hold whole streamed messages.
   */
  taskStore?: TaskStore;
  /**
   * Where the running tasks' event buses are found (cancel and resubscribe use them). Default:
   * the SDK's in-process manager; a server with replicas passes one that reaches the others.
   */
  eventBusManager?: ExecutionEventBusManager;
  /** Who is calling (for the server's own auth); reachable in the executor's request context. */
  userBuilder?: (request: Request) => User | Promise<User>;
  /** The largest JSON-RPC request body accepted, in bytes. Default 10 MiB (file parts are inline). */
  maxBodyBytes?: number;
}

/** A web-standard A2A endpoint: `fetch(request)` answers the card and JSON-RPC calls. */
export interface A2AFetchHandler {
  /** Answers `GET …/.well-known/agent-card.json` and `POST …` (JSON-RPC, with SSE streaming). */
  fetch: (request: Request) => Promise<Response>;
  /** The SDK's request handler behind it (tasks, cancel, resubscribe). */
  requestHandler: DefaultRequestHandler;
}

/**
 * Serves an A2A agent as a web-standard `fetch` handler on the SDK's own classes:
 * `DefaultRequestHandler` (task lifecycle, store, cancel) and `JsonRpcTransportHandler` (the
 * JSON-RPC binding), with SSE framing from the SDK. Requests with `A2A-Version: 1.0` speak A2A
 * 1.0; requests without the header (or `0.3`) speak v0.3 (`message/send`, `tasks/get`…, parts
 * as `{kind: "text", text}`) through the SDK's `LegacyJsonRpcTransportHandler`, when the card
 * declares a v0.3 interface (`buildAgentCard` does); the card itself answers in the asker's form. Written here rather than taken from the SDK's
 * Express adapter so Hono (`app.mount(path, handler.fetch)`) and plain Node servers (see
 * `createA2ANodeListener`) share one handler without Express.
 */
export function createA2AFetchHandler(options: A2AFetchHandlerOptions): A2AFetchHandler {
  const requestHandler = new DefaultRequestHandler(
    options.agentCard,
    new StreamedHistoryTaskStore(options.taskStore ?? new InMemoryTaskStore()),
    options.executor,
    options.eventBusManager,
  );
  const transport = new JsonRpcTransportHandler(requestHandler);
  const legacyTransport = new LegacyJsonRpcTransportHandler(requestHandler);
  const maxBodyBytes = options.maxBodyBytes ?? 10 * 1024 * 1024;
  const userBuilder = options.userBuilder ?? (() => new UnauthenticatedUser());

  const fetchHandler = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    if (request.method === "GET" && path.endsWith(AGENT_CARD_WELL_KNOWN_PATH)) {
      const card = await agentCardJson(await requestHandler.getAgentCard(), request);
      return Response.json(card, { headers: { "Cache-Control": "no-cache", Vary: "A2A-Version" } });
    }
    if (request.method !== "POST") {
      return new Response(
        "Not found: A2A answers GET /.well-known/agent-card.json and POST (JSON-RPC).",
        {
          status: request.method === "GET" ? 404 : 405,
        },
      );
    }
    const body = await readCapped(request, maxBodyBytes);
    if (body === null) {
      return rpcError(null, -32600, `Request body larger than ${maxBodyBytes} bytes.`, 413);
    }
    let id: string | number | null = null;
    let method: unknown;
    try {
      const parsed = JSON.parse(body) as { id?: unknown; method?: unknown };
      if (typeof parsed.id === "string" || typeof parsed.id === "number") id = parsed.id;
      method = parsed.method;
    } catch {
      return rpcError(null, -32700, "Invalid JSON in the request body.", 200);
    }
    const legacy = isLegacyA2ARequest(request);
    const mapError = legacy
      ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError
      : JsonRpcTransportHandler.mapToJSONRPCError;
    try {
      const context = defaultServerCallContextBuilder({
        extensions: Extensions.parseServiceParameter(
          request.headers.get(HTTP_EXTENSION_HEADER) ?? undefined,
        ),
        user: await userBuilder(request),
        headers: headersOf(request),
        requestedVersion: request.headers.get(A2A_VERSION_HEADER) ?? undefined,
      });
      validateVersion(context.requestedVersion, await requestHandler.getAgentCard(), "JSONRPC");
      const result = legacy
        ? await legacyTransport.handle(body, context)
        : await transport.handle(body, context);
      if (!isAsyncIterable(result)) return Response.json(result);
      // v0.3 answers `tasks/resubscribe` as SSE even when it fails at once.
      return await sseResponse(result, id, mapError, legacy && method === "tasks/resubscribe");
    } catch (error) {
      const mapped = mapError(error);
      return rpcError(id, mapped.code, mapped.message, mapped.code === -32603 ? 500 : 200);
    }
  };
  return { fetch: fetchHandler, requestHandler };
}

// Streams JSON-RPC responses as SSE. An error before the first event is a plain JSON-RPC error
// (as the SDK's Express adapter does); a later one is an SSE `error` event.
async function sseResponse(
  stream: AsyncGenerator<unknown, void, undefined>,
  id: string | number | null,
  mapError: (error: unknown) => { code: number; message: string },
  alwaysSse: boolean,
): Promise<Response> {
  const iterator = stream[Symbol.asyncIterator]();
  let first: IteratorResult<unknown, void>;
  try {
    first = await iterator.next();
  } catch (error) {
    const mapped = mapError(error);
    if (!alwaysSse) return rpcError(id, mapped.code, mapped.message, 200);
    const event = formatSSEErrorEvent({ jsonrpc: "2.0", id, error: mapped });
    return new Response(event, { headers: SSE_HEADERS });
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!first.done) controller.enqueue(encoder.encode(formatSSEEvent(first.value)));
    },
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(formatSSEEvent(next.value)));
      } catch (error) {
        const mapped = mapError(error);
        controller.enqueue(
          encoder.encode(formatSSEErrorEvent({ jsonrpc: "2.0", id, error: mapped })),
        );
        controller.close();
      }
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
  return new Response(body, { headers: SSE_HEADERS });
}

function rpcError(
  id: string | number | null,
  code: number,
  message: string,
  status: number,
): Response {
  return Response.json({ jsonrpc: "2.0", id, error: { code, message } }, { status });
}

function isAsyncIterable(value: unknown): value is AsyncGenerator<unknown, void, undefined> {
  return typeof (value as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] === "function";
}

// Reads the body as text, or null once it passes `max` bytes (without buffering past it).
async function readCapped(request: Request, max: number): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > max) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function headersOf(request: Request): Record<string, string> {
  const out: Record<string, string> = {};
  request.headers.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}
