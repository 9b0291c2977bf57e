import { deserializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";

/** The default of `maxMessageBytes`: the SDK's own stdio limit (10 MiB). */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** The JSON-RPC error code of the answer made up for a request whose response was too large. */
export const MESSAGE_TOO_LARGE_CODE = -32_000;

/** How many bytes of an oversized line's head and tail are kept to find its request id. */
const EDGE_BYTES = 256;

const ID = String.raw`(-?\d+|"(?:[^"\\]|\\.)*")`;
/** The id of a response serialised with `id` last (the TypeScript SDK): `…,"id":3}`. */
const TAIL_ID = new RegExp(String.raw`[,{]\s*"id"\s*:\s*${ID}\s*\}\s*$`);
/** The id of a response serialised with `id` first (the Python SDK): `{"jsonrpc":"2.0","id":3,…`. */
const HEAD_ID = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID}`);

/** What {@link LineReadBuffer} needs. */
export interface LineReadBufferOptions {
  /** The largest message accepted, in bytes; a longer line is dropped as it streams in. */
  maxMessageBytes: number;
  /** The ids of the requests still waiting for a response (answered ones are removed here). */
  pending: Set<RequestId>;
  /** Describes the drop for the error the waiting request gets. */
  describe: (bytes: number) => string;
}

/**
 * Splits a stdio stream into JSON-RPC messages, one per line, with a bound on each message: the
 * replacement for the SDK's `ReadBuffer` in {@link BoundedStdioClientTransport}. Written by hand
 * because the SDK's buffer concatenates the whole buffer on every chunk (O(total) per chunk) and,
 * past its limit, throws and closes the transport, so one oversized result ends the session.
 *
 * Here a chunk costs O(chunk); a line over `maxMessageBytes` is not kept (only its first and last
 * few hundred bytes, to find its id) and, when it ends, becomes a JSON-RPC error response to the
 * request it answered, so only that call fails and the session goes on. Parse errors are thrown
 * from `readMessage` (the transport reports them through `onerror`) and the next line is read.
 */
export class LineReadBuffer {
  readonly #options: LineReadBufferOptions;
  #chunks: Buffer[] = [];
  #size = 0;
  /** The current line once it is over the limit: its byte count and edges. */
  #oversized: { bytes: number; head: Buffer; tail: Buffer } | undefined;
  readonly #ready: (JSONRPCMessage | Error)[] = [];

  constructor(options: LineReadBufferOptions) {
    this.#options = options;
  }

  /** Adds a chunk read from the stream. Never throws. */
  append(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      const end = newline === -1 ? chunk.length : newline;
      if (end > start) this.#add(chunk.subarray(start, end));
      if (newline === -1) return;
      this.#endLine();
      start = newline + 1;
    }
  }

  /** The next complete message, or `null`; throws for a line that is not a JSON-RPC message. */
  readMessage(): JSONRPCMessage | null {
    const next = this.#ready.shift();
    if (next === undefined) return null;
    if (next instanceof Error) throw next;
    if ("id" in next && next.id !== undefined && !("method" in next)) {
      this.#options.pending.delete(next.id);
    }
    return next;
  }

  /** Drops everything buffered. */
  clear(): void {
    this.#chunks = [];
    this.#size = 0;
    this.#oversized = undefined;
    this.#ready.length = 0;
  }

  #add(piece: Buffer): void {
    const over = this.#oversized;
    if (over) {
      over.bytes += piece.length;
      const tail = Buffer.concat([over.tail, piece]);
      over.tail = Buffer.from(tail.subarray(Math.max(0, tail.length - EDGE_BYTES)));
      return;
    }
    if (this.#size + piece.length <= this.#options.maxMessageBytes) {
      this.#chunks.push(piece);
      this.#size += piece.length;
      return;
    }
    const line = Buffer.concat([...this.#chunks, piece]);
    this.#oversized = {
      bytes: line.length,
      head: Buffer.from(line.subarray(0, EDGE_BYTES)),
      tail: Buffer.from(line.subarray(Math.max(0, line.length - EDGE_BYTES))),
    };
    this.#chunks = [];
    this.#size = 0;
  }

  #endLine(): void {
    const over = this.#oversized;
    if (over) {
      this.#oversized = undefined;
      this.#ready.push(this.#answerOversized(over));
      return;
    }
    const line = Buffer.concat(this.#chunks).toString("utf8").replace(/\r$/, "");
    this.#chunks = [];
    this.#size = 0;
    if (line.trim() === "") return;
    try {
      this.#ready.push(deserializeMessage(line));
    } catch (error) {
      this.#ready.push(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** An error response to the request an oversized line answered, or an Error if none is known. */
  #answerOversized(over: { bytes: number; head: Buffer; tail: Buffer }): JSONRPCMessage | Error {
    const message = this.#options.describe(over.bytes);
    const raw =
      TAIL_ID.exec(over.tail.toString("utf8"))?.[1] ??
      HEAD_ID.exec(over.head.toString("utf8"))?.[1];
    let id: RequestId | undefined = raw === undefined ? undefined : JSON.parse(raw);
    const pending = this.#options.pending;
    if (id === undefined || !pending.has(id)) {
      // Not a response we can place; with a single request waiting, it is that one's.
      id = pending.size === 1 ? [...pending][0] : undefined;
    }
    if (id === undefined) return new Error(message);
    return { jsonrpc: "2.0", id, error: { code: MESSAGE_TOO_LARGE_CODE, message } };
  }
}
