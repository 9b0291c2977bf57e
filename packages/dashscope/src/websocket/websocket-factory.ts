/**
 * The part of a WebSocket the DashScope voice models use: the platform `WebSocket` (browsers,
 * Deno, Bun) and the `ws` package's both fit.
 */
export interface WebSocketLike {
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number;
  /** Set to `"arraybuffer"` so binary frames arrive as `ArrayBuffer`s. */
  binaryType: string;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: { code?: number; reason?: unknown }) => void) | null;
  send(data: string | Uint8Array): void;
  close(code?: number, reason?: string): void;
}

/**
 * Opens a WebSocket to `url` with `headers` (DashScope authenticates the upgrade request with
 * `Authorization: Bearer <key>`). Give your own to the voice models' `webSocket` option: a proxy
 * that adds the key in a browser, or a client with its own agent or TLS settings.
 */
export type WebSocketFactory = (
  url: string,
  headers: Record<string, string>,
) => WebSocketLike | Promise<WebSocketLike>;

// A variable specifier, so browser bundlers leave the import alone: it only runs on Node.
const WS_MODULE = "ws";

interface WsModule {
  WebSocket: new (url: string, options: { headers: Record<string, string> }) => WebSocketLike;
}

let wsModule: Promise<WsModule> | undefined;

function isNode(): boolean {
  const holder = globalThis as { process?: { versions?: { node?: unknown } } };
  return typeof holder.process?.versions?.node === "string";
}

/**
 * The default {@link WebSocketFactory}: the `ws` package on Node (imported on first use; it sends
 * the headers), the platform `WebSocket` elsewhere. A browser's `WebSocket` cannot send headers,
 * so there the key never leaves: point the model's `baseWebSocketUrl` at a proxy of yours that
 * adds it, or pass a `webSocket` factory.
 */
export const defaultWebSocketFactory: WebSocketFactory = async (url, headers) => {
  if (isNode()) {
    wsModule ??= import(
      /* @vite-ignore */ /* webpackIgnore: true */ WS_MODULE
    ) as Promise<WsModule>;
    const { WebSocket } = await wsModule;
    return new WebSocket(url, { headers });
  }
  const Platform = (globalThis as { WebSocket?: new (url: string) => WebSocketLike }).WebSocket;
  if (!Platform) {
    throw new Error(
      "This runtime has no WebSocket: pass a `webSocket` factory to the DashScope voice model.",
    );
  }
  return new Platform(url);
};
