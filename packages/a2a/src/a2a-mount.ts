import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import {
  type A2AFetchHandler,
  type A2AFetchHandlerOptions,
  createA2AFetchHandler,
} from "./a2a-fetch-handler.js";

/** Anything with Hono's `mount(path, fetchHandler)` (a `Hono` app). */
export interface MountableApp {
  mount(path: string, handler: (request: Request) => Response | Promise<Response>): unknown;
}

/**
 * Mounts an A2A agent on a Hono app at `path`: the card at `path/.well-known/agent-card.json`
 * and JSON-RPC (with SSE streaming) at `POST path`. Returns the handler (its `requestHandler`
 * holds the tasks).
 */
export function mountA2A(
  app: MountableApp,
  path: string,
  options: A2AFetchHandlerOptions,
): A2AFetchHandler {
  const handler = createA2AFetchHandler(options);
  app.mount(path, handler.fetch);
  return handler;
}

/**
 * An A2A agent as a plain Node `http` request listener (`http.createServer(listener)`), through
 * `@hono/node-server`'s Request/Response bridge.
 */
export function createA2ANodeListener(
  options: A2AFetchHandlerOptions,
): ((req: IncomingMessage, res: ServerResponse) => Promise<void>) & { handler: A2AFetchHandler } {
  const handler = createA2AFetchHandler(options);
  const listener = getRequestListener(handler.fetch);
  return Object.assign((req: IncomingMessage, res: ServerResponse) => listener(req, res), {
    handler,
  });
}
