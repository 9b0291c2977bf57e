import {
  StdioClientTransport,
  type StdioServerParameters,
} from "@modelcontextprotocol/sdk/client/stdio.js";
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import { LineReadBuffer } from "./line-read-buffer.js";

/** Options of {@link BoundedStdioClientTransport}. */
export interface BoundedStdioOptions {
  /** The MCP client's name, for error messages. */
  name: string;
  /** The largest message read from the server, in bytes. */
  maxMessageBytes: number;
}

/**
 * The SDK's `StdioClientTransport` with a {@link LineReadBuffer} in place of its read buffer: a
 * message from the server over `maxMessageBytes` fails only the request it answers (with an error
 * naming the limit) instead of closing the transport and stopping the server.
 *
 * The SDK offers no hook for its buffer, so this sets its private `_readBuffer` field (SDK 1.x);
 * the constructor checks the field exists, so an SDK that renames it fails loudly here.
 */
export class BoundedStdioClientTransport extends StdioClientTransport {
  readonly #pending = new Set<RequestId>();

  constructor(server: StdioServerParameters, options: BoundedStdioOptions) {
    super(server);
    const self = this as unknown as { _readBuffer?: unknown };
    if (!("_readBuffer" in self) || typeof self._readBuffer !== "object") {
      throw new Error(
        "@modelcontextprotocol/sdk's StdioClientTransport has no _readBuffer: this SDK version is not supported by BoundedStdioClientTransport.",
      );
    }
    self._readBuffer = new LineReadBuffer({
      maxMessageBytes: options.maxMessageBytes,
      pending: this.#pending,
      describe: (bytes) =>
        `The MCP server '${options.name}' answered with a message of ${bytes} bytes, over the client's maxMessageBytes of ${options.maxMessageBytes}; it was dropped and the session goes on. Ask for less (a narrower query, a smaller page), or raise maxMessageBytes.`,
    });
  }

  override send(message: JSONRPCMessage): Promise<void> {
    if ("method" in message && "id" in message) this.#pending.add(message.id);
    return super.send(message);
  }
}
