import { ValidationError } from "@agentscope-ts/core";
import {
  SSEClientTransport,
  type SSEClientTransportOptions,
} from "@modelcontextprotocol/sdk/client/sse.js";
import {
  StreamableHTTPClientTransport,
  type StreamableHTTPClientTransportOptions,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { resolveConnectTimeout } from "./connect-timeout.js";
import { timedFetch } from "./timed-fetch.js";

/** The HTTP transports: Streamable HTTP (URL usually ends in `/mcp`) or the older SSE (`/sse`). */
export type HttpTransportType = "streamable_http" | "sse";

/** Options of the HTTP clients (AgentScope's keyword arguments, camelCase). */
export interface HttpClientOptions {
  /** The name that identifies this MCP server among yours. */
  name: string;
  /** `"streamable_http"` or `"sse"`. */
  transport: HttpTransportType;
  /** The server's URL. */
  url: string | URL;
  /** Headers sent with every request (e.g. `Authorization`). */
  headers?: Record<string, string>;
  /** Milliseconds to wait for response headers. Default 30 000. */
  timeout?: number;
  /**
   * Milliseconds of silence allowed while reading a response or event stream. Default 300 000.
   * While connecting, it also ends a pending `initialize` at once.
   */
  sseReadTimeout?: number;
  /**
   * Milliseconds that connecting (the `initialize` handshake and the first `listTools`) may take.
   * Default 30 000; `null` for no limit. Past it an `MCPConnectionError` names the limit.
   */
  connectTimeout?: number | null;
  /**
   * More options for the SDK transport (`StreamableHTTPClientTransport` or `SSEClientTransport`),
   * e.g. `authProvider`, `fetch`, `reconnectionOptions`; plus `terminateOnClose` (Streamable HTTP,
   * default `true`: `close()` ends the session on the server).
   */
  clientKwargs?: (Partial<StreamableHTTPClientTransportOptions> &
    Partial<SSEClientTransportOptions>) & { terminateOnClose?: boolean };
}

/** The checked and defaulted HTTP options. */
export interface ResolvedHttpOptions {
  transport: HttpTransportType;
  url: URL;
  headers: Record<string, string>;
  timeout: number;
  sseReadTimeout: number;
  connectTimeout: number | null;
  terminateOnClose: boolean;
  clientKwargs: NonNullable<HttpClientOptions["clientKwargs"]>;
}

/** Checks the HTTP client options and fills in the defaults; bad values get a clear error. */
export function resolveHttpOptions(options: HttpClientOptions): ResolvedHttpOptions {
  const where = `options of the MCP client '${options.name}'`;
  if (options.transport !== "streamable_http" && options.transport !== "sse") {
    throw new ValidationError(where, [
      {
        path: "transport",
        message: `expected "streamable_http" or "sse", received ${JSON.stringify(options.transport)}`,
      },
    ]);
  }
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new ValidationError(
      where,
      [{ path: "url", message: `${JSON.stringify(String(options.url))} is not a URL` }],
      { hint: "Pass the full URL, e.g. http://127.0.0.1:3001/mcp." },
    );
  }
  for (const key of ["timeout", "sseReadTimeout"] as const) {
    const value = options[key];
    if (value !== undefined && !(typeof value === "number" && value > 0)) {
      throw new ValidationError(where, [
        {
          path: key,
          message: `expected a positive number of milliseconds, received ${String(value)}`,
        },
      ]);
    }
  }
  const { terminateOnClose, ...clientKwargs } = options.clientKwargs ?? {};
  return {
    transport: options.transport,
    url,
    headers: { ...options.headers },
    timeout: options.timeout ?? 30_000,
    sseReadTimeout: options.sseReadTimeout ?? 300_000,
    connectTimeout: resolveConnectTimeout(options.name, options.connectTimeout),
    terminateOnClose: terminateOnClose ?? true,
    clientKwargs,
  };
}

/** A new SDK transport for one session, with the headers and timeouts applied. */
export function createHttpTransport(options: ResolvedHttpOptions): Transport {
  const { clientKwargs } = options;
  const fetch = timedFetch(
    { timeout: options.timeout, sseReadTimeout: options.sseReadTimeout },
    clientKwargs.fetch,
  );
  const requestInit: RequestInit = {
    ...clientKwargs.requestInit,
    headers: {
      ...(clientKwargs.requestInit?.headers as Record<string, string> | undefined),
      ...options.headers,
    },
  };
  if (options.transport === "sse") {
    return new SSEClientTransport(options.url, { ...clientKwargs, requestInit, fetch });
  }
  return new StreamableHTTPClientTransport(options.url, { ...clientKwargs, requestInit, fetch });
}
