import type { IOType } from "node:child_process";
import type { Stream } from "node:stream";
import { ValidationError } from "@agentscope-ts/core";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { BoundedStdioClientTransport } from "./bounded-stdio-transport.js";
import { DEFAULT_MAX_MESSAGE_BYTES } from "./line-read-buffer.js";
import { DEFAULT_CLOSE_GRACE_MS } from "./process-group.js";
import {
  type CloseOptions,
  StatefulClientBase,
  type StatefulClientOptions,
} from "./stateful-client-base.js";

/** Options of {@link StdIOStatefulClient} (AgentScope's keyword arguments, camelCase). */
export interface StdIOStatefulClientOptions extends StatefulClientOptions {
  /** The name that identifies this MCP server among yours. */
  name: string;
  /** The program that runs the server, e.g. `npx` or `process.execPath`. */
  command: string;
  /** Its arguments. */
  args?: string[];
  /**
   * Environment variables of the server process, added to a small safe default set (`PATH`,
   * `HOME`, `USER`, …); your own process's environment is not passed on.
   */
  env?: Record<string, string>;
  /** The working directory of the server process. */
  cwd?: string;
  /** Where the server's stderr goes: `"inherit"` (default), `"ignore"`, `"pipe"`, a stream or fd. */
  stderr?: IOType | Stream | number;
  /**
   * The largest message read from the server, in bytes. Default 10 MiB (the SDK's limit). A
   * result over it fails that call with an error result naming the limit; the session goes on.
   */
  maxMessageBytes?: number;
  /**
   * Milliseconds the server gets to exit once `close()` closed its stdin, and its process group
   * again after SIGTERM, before SIGKILL. Default 2000.
   */
  closeGraceMs?: number;
}

/**
 * An MCP client that starts a server as a child process and talks to it over stdin/stdout, keeping
 * one session open: AgentScope's `StdIOStatefulClient`. `connect()` starts the process, `close()`
 * stops it; if the process exits on its own, `isConnected` turns `false` and `connect()` starts a
 * new one.
 *
 * ```ts
 * await using client = new StdIOStatefulClient({ name: "fs", command: "npx",
 *   args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] });
 * await client.connect();
 * ```
 */
export class StdIOStatefulClient extends StatefulClientBase {
  /** How the server process is started. */
  readonly serverParams: Readonly<
    Omit<StdIOStatefulClientOptions, "name" | "connectTimeout" | "maxMessageBytes" | "closeGraceMs">
  >;
  /** The largest message read from the server, in bytes. */
  readonly maxMessageBytes: number;
  /** Milliseconds of each stop step (stdin closed, SIGTERM) before the next. */
  readonly closeGraceMs: number;

  constructor(options: StdIOStatefulClientOptions) {
    super(options.name, options);
    const { name: _name, connectTimeout: _c, maxMessageBytes, closeGraceMs, ...params } = options;
    if (
      maxMessageBytes !== undefined &&
      !(Number.isInteger(maxMessageBytes) && maxMessageBytes > 0)
    ) {
      throw new ValidationError(`options of the MCP client '${this.name}'`, [
        {
          path: "maxMessageBytes",
          message: `expected a positive whole number of bytes, received ${String(maxMessageBytes)}`,
        },
      ]);
    }
    if (closeGraceMs !== undefined && !(Number.isFinite(closeGraceMs) && closeGraceMs >= 0)) {
      throw new ValidationError(`options of the MCP client '${this.name}'`, [
        {
          path: "closeGraceMs",
          message: `expected a number of milliseconds (0 or more), received ${String(closeGraceMs)}`,
        },
      ]);
    }
    this.maxMessageBytes = maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.closeGraceMs = closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS;
    this.serverParams = params;
  }

  /** The process id of the running server (also while connecting), or `null` when there is none. */
  get pid(): number | null {
    const transport = this.transport;
    return transport instanceof BoundedStdioClientTransport ? transport.pid : null;
  }

  /**
   * Closes the session and stops the server with everything it started (its process group):
   * its stdin is closed and it gets `closeGraceMs` to exit, then the group gets SIGTERM, and
   * SIGKILL `closeGraceMs` later. A server still connecting gets no polite wait: SIGTERM at once.
   */
  override async close(options?: CloseOptions): Promise<void> {
    const transport = this.isConnecting ? this.transport : undefined;
    const closing = super.close(options);
    if (transport instanceof BoundedStdioClientTransport) await transport.terminate();
    await closing;
  }

  protected createTransport(): Transport {
    const { command, args, env, cwd, stderr } = this.serverParams;
    return new BoundedStdioClientTransport(
      {
        command,
        args: args ?? [],
        ...(env !== undefined ? { env } : {}),
        ...(cwd !== undefined ? { cwd } : {}),
        ...(stderr !== undefined ? { stderr } : {}),
      },
      { name: this.name, maxMessageBytes: this.maxMessageBytes, closeGraceMs: this.closeGraceMs },
    );
  }
}
