import type { ChildProcess } from "node:child_process";
import { PassThrough, type Stream } from "node:stream";
import {
  getDefaultEnvironment,
  type StdioServerParameters,
} from "@modelcontextprotocol/sdk/client/stdio.js";
import { serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import spawn from "cross-spawn";
import { killOnExit } from "./kill-on-exit.js";
import { LineReadBuffer } from "./line-read-buffer.js";
import { DEFAULT_CLOSE_GRACE_MS, stopProcessGroup, USES_PROCESS_GROUPS } from "./process-group.js";

/** Options of {@link BoundedStdioClientTransport}. */
export interface BoundedStdioOptions {
  /** The MCP client's name, for error messages. */
  name: string;
  /** The largest message read from the server, in bytes. */
  maxMessageBytes: number;
  /**
   * Milliseconds the server gets to exit after its stdin is closed, and its process group again
   * after SIGTERM, before SIGKILL. Default 2000 (the SDK's).
   */
  closeGraceMs?: number;
}

/**
 * The stdio transport of {@link StdIOStatefulClient}: the SDK's `StdioClientTransport` (same
 * spawning, environment and framing) with two differences.
 *
 * - Reading goes through a {@link LineReadBuffer}: a message over `maxMessageBytes` fails only the
 *   request it answers (with an error naming the limit), the session goes on.
 * - The server runs in a process group of its own (`detached`, except on Windows), and stopping it
 *   stops the group: what the server started (`sh -c`, `npx` and their children) goes too.
 *   `close()` closes its stdin and waits `closeGraceMs` for it to exit, sends SIGTERM to the group,
 *   waits `closeGraceMs` again and sends SIGKILL to whatever is left. When the server exits on its
 *   own, what is left in its group gets the same SIGTERM-then-SIGKILL. A group still running when
 *   this process exits gets SIGKILL from the `exit` event. (A group lives outside the terminal's
 *   foreground group, so Ctrl-C in a terminal reaches only your process, which decides.)
 */
export class BoundedStdioClientTransport implements Transport {
  /** Called once when the connection is closed (the server exited, or `close()`). */
  onclose?: () => void;
  /** Called on errors: spawning, pipes, unreadable messages. */
  onerror?: (error: Error) => void;
  /** Called with every message from the server. */
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #server: StdioServerParameters;
  readonly #graceMs: number;
  readonly #pending = new Set<RequestId>();
  readonly #buffer: LineReadBuffer;
  readonly #stderr: PassThrough | null;
  #process: ChildProcess | undefined;
  #started = false;
  #closeReported = false;
  #stopping: Promise<void> | undefined;
  #forget: (() => void) | undefined;

  constructor(server: StdioServerParameters, options: BoundedStdioOptions) {
    this.#server = server;
    this.#graceMs = options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS;
    this.#stderr =
      server.stderr === "pipe" || server.stderr === "overlapped" ? new PassThrough() : null;
    this.#buffer = new LineReadBuffer({
      maxMessageBytes: options.maxMessageBytes,
      pending: this.#pending,
      describe: (bytes) =>
        `The MCP server '${options.name}' answered with a message of ${bytes} bytes, over the client's maxMessageBytes of ${options.maxMessageBytes}; it was dropped and the session goes on. Ask for less (a narrower query, a smaller page), or raise maxMessageBytes.`,
    });
  }

  /** The server's process id (the leader of its process group), or `null` before start and after close. */
  get pid(): number | null {
    return this.#process?.pid ?? null;
  }

  /** The server's stderr when `stderr: "pipe"` was asked for (available before `start()`). */
  get stderr(): Stream | null {
    return this.#stderr ?? this.#process?.stderr ?? null;
  }

  /** Starts the server process in a process group of its own. */
  start(): Promise<void> {
    if (this.#started) {
      throw new Error(
        "BoundedStdioClientTransport already started! If using Client class, note that connect() calls start() automatically.",
      );
    }
    this.#started = true;
    const { command, args, env, stderr, cwd } = this.#server;
    return new Promise((resolve, reject) => {
      const child = spawn(command, args ?? [], {
        env: { ...getDefaultEnvironment(), ...env },
        stdio: ["pipe", "pipe", stderr ?? "inherit"],
        shell: false,
        windowsHide: process.platform === "win32",
        detached: USES_PROCESS_GROUPS,
        ...(cwd !== undefined ? { cwd } : {}),
      });
      this.#process = child;
      child.on("error", (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on("spawn", () => {
        if (child.pid !== undefined) this.#forget = killOnExit(child.pid);
        resolve();
      });
      // The server exited: what it started may still run in its group (and hold its pipes open).
      child.on("exit", () => void this.#stop(child, false));
      child.on("close", () => {
        if (this.#process === child) this.#process = undefined;
        this.#reportClose();
      });
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => {
        this.#buffer.append(chunk);
        this.#readMessages();
      });
      child.stdout?.on("error", (error) => this.onerror?.(error));
      if (this.#stderr && child.stderr) child.stderr.pipe(this.#stderr);
    });
  }

  /** Sends a message to the server (one JSON line on its stdin). */
  send(message: JSONRPCMessage): Promise<void> {
    if ("method" in message && "id" in message) this.#pending.add(message.id);
    return new Promise((resolve, reject) => {
      const stdin = this.#process?.stdin;
      if (!stdin) {
        reject(new Error("Not connected"));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once("drain", resolve);
    });
  }

  /**
   * Stops the server and its process group (politely first, see the class) and closes. A second
   * call waits for the first one's stop.
   */
  async close(): Promise<void> {
    const child = this.#process;
    this.#process = undefined;
    if (child) await this.#stop(child, true);
    else await this.#stopping;
    this.#buffer.clear();
    this.#reportClose();
  }

  /**
   * Stops the server and its process group without the polite wait: SIGTERM at once, SIGKILL
   * after `closeGraceMs`. For a server that is still starting (nothing to say goodbye to).
   */
  async terminate(): Promise<void> {
    const child = this.#process;
    if (child) await this.#stop(child, false);
    else await this.#stopping;
  }

  #stop(child: ChildProcess, polite: boolean): Promise<void> {
    this.#stopping ??= stopProcessGroup(child, { graceMs: this.#graceMs, polite }).finally(() => {
      this.#forget?.();
      this.#forget = undefined;
    });
    return this.#stopping;
  }

  #reportClose(): void {
    if (this.#closeReported) return;
    this.#closeReported = true;
    this.onclose?.();
  }

  #readMessages(): void {
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.#buffer.readMessage();
      } catch (error) {
        this.onerror?.(error as Error);
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }
}
