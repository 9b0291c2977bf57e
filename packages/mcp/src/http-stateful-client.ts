import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  createHttpTransport,
  type HttpClientOptions,
  type HttpTransportType,
  type ResolvedHttpOptions,
  resolveHttpOptions,
} from "./http-transport.js";
import { StatefulClientBase } from "./stateful-client-base.js";

/** Options of {@link HttpStatefulClient}. */
export type HttpStatefulClientOptions = HttpClientOptions;

/**
 * An MCP client that keeps one session open with a server over HTTP: Streamable HTTP
 * (`transport: "streamable_http"`) or, for older servers, SSE (`transport: "sse"`). AgentScope's
 * `HttpStatefulClient`. Use it for servers that keep state between calls (a browser, a REPL).
 *
 * ```ts
 * await using client = new HttpStatefulClient({ name: "api", transport: "streamable_http",
 *   url: "http://127.0.0.1:3001/mcp", headers: { Authorization: `Bearer ${token}` } });
 * await client.connect();
 * ```
 */
export class HttpStatefulClient extends StatefulClientBase {
  /** The transport type. */
  readonly transportType: HttpTransportType;
  readonly #options: ResolvedHttpOptions;

  constructor(options: HttpStatefulClientOptions) {
    const resolved = resolveHttpOptions(options);
    super(options.name, { connectTimeout: resolved.connectTimeout });
    this.#options = resolved;
    this.transportType = this.#options.transport;
  }

  /** The server's URL. */
  get url(): URL {
    return this.#options.url;
  }

  protected override get terminateOnClose(): boolean {
    return this.#options.transport === "streamable_http" && this.#options.terminateOnClose;
  }

  protected createTransport(): Transport {
    return createHttpTransport(this.#options);
  }
}
