import { interruptedErrorFrom, isRetryableStatus, ModelError } from "@agentscope-ts/core";
import {
  defaultWebSocketFactory,
  type WebSocketFactory,
  type WebSocketLike,
} from "./websocket-factory.js";

/** One frame received: a text frame (DashScope's JSON events) or a binary one (audio). */
export type SocketFrame = { kind: "text"; text: string } | { kind: "binary"; bytes: Uint8Array };

/** Options of {@link DashScopeSocket.open}. */
export interface DashScopeSocketOptions {
  /** The `wss://` (or `ws://`) URL. */
  url: string;
  /** Headers of the upgrade request (`Authorization`). */
  headers: Record<string, string>;
  /** The provider id used in errors. */
  provider: string;
  /** How to open the socket. Default {@link defaultWebSocketFactory}. */
  webSocket?: WebSocketFactory | undefined;
  /** Aborts the connection attempt (an `InterruptedError`). */
  signal?: AbortSignal | undefined;
  /** The longest wait for the socket to open, in milliseconds; `null` = no limit. */
  connectTimeout: number | null;
  /** The most bytes of frames held unread before the socket is given up. Default 64 MiB. */
  maxQueuedBytes?: number;
}

/** Default {@link DashScopeSocketOptions.maxQueuedBytes}: 64 MiB of unread frames. */
export const DEFAULT_MAX_QUEUED_BYTES = 64 * 1024 * 1024;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function errorText(event: unknown): string {
  const e = event as { message?: unknown; error?: { message?: unknown } } | null;
  if (typeof e?.message === "string" && e.message) return e.message;
  if (typeof e?.error?.message === "string") return e.error.message;
  return "connection failed";
}

function toFrame(data: unknown): SocketFrame | undefined {
  if (typeof data === "string") return { kind: "text", text: data };
  if (data instanceof ArrayBuffer) return { kind: "binary", bytes: new Uint8Array(data) };
  if (ArrayBuffer.isView(data)) {
    return { kind: "binary", bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  }
  return undefined;
}

/**
 * One WebSocket to DashScope, read as a queue of frames: {@link next} waits for the next frame,
 * bounded by an idle timeout and an `AbortSignal`, and fails with a typed error when the socket
 * closes before the caller is done (`ModelError`, retryable), stalls (`ModelError` naming
 * `idleTimeout`) or is aborted (`InterruptedError`). Unread frames are capped
 * ({@link DashScopeSocketOptions.maxQueuedBytes}).
 */
export class DashScopeSocket {
  /** The host connected to (named in errors). */
  readonly host: string;
  private readonly queue: SocketFrame[] = [];
  private queuedBytes = 0;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  private constructor(
    private readonly socket: WebSocketLike,
    private readonly provider: string,
    host: string,
    private readonly maxQueuedBytes: number,
  ) {
    this.host = host;
    // From the start: a server may send its first frame in the same packet as the upgrade answer.
    socket.onmessage = (event) => this.receive(event.data);
  }

  /** After the socket opened: a close or error from now on fails the reader. */
  private watch(): void {
    this.socket.onerror = (event) => {
      this.fail(this.closedError(`(${errorText(event)})`));
    };
    this.socket.onclose = (event) => {
      const reason = typeof event.reason === "string" && event.reason ? `: ${event.reason}` : "";
      this.fail(this.closedError(`(code ${event.code ?? "unknown"}${reason})`));
    };
  }

  /**
   * Opens a socket and waits until it is open. Fails with a `ModelError` naming the host (with the
   * HTTP status when the server refused the upgrade), or an `InterruptedError` on abort.
   */
  static async open(options: DashScopeSocketOptions): Promise<DashScopeSocket> {
    const host = hostOf(options.url);
    const { provider, signal } = options;
    if (signal?.aborted) throw interruptedErrorFrom(signal);
    let socket: WebSocketLike;
    try {
      socket = await (options.webSocket ?? defaultWebSocketFactory)(options.url, options.headers);
    } catch (error) {
      throw new ModelError(
        `${provider}: could not open a WebSocket to ${host}: ${errorText(error)}`,
        {
          provider,
          retryable: false,
          cause: error,
        },
      );
    }
    socket.binaryType = "arraybuffer";
    const opened = new DashScopeSocket(
      socket,
      provider,
      host,
      options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES,
    );
    await new Promise<void>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settle = (error?: Error) => {
        if (timer !== undefined) clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        socket.onopen = null;
        if (error) {
          opened.close();
          reject(error);
        } else {
          opened.watch();
          resolve();
        }
      };
      const onAbort = () => settle(interruptedErrorFrom(signal));
      signal?.addEventListener("abort", onAbort, { once: true });
      // The signal may have fired while the factory was opening the socket.
      if (signal?.aborted) {
        onAbort();
        return;
      }
      if (options.connectTimeout !== null) {
        const ms = options.connectTimeout;
        timer = setTimeout(
          () =>
            settle(
              new ModelError(
                `${provider}: the WebSocket to ${host} did not open within ${ms} ms (connectTimeout). Check the network, or raise the model's connectTimeout option.`,
                { provider, retryable: true },
              ),
            ),
          ms,
        );
      }
      socket.onopen = () => settle();
      const refused = (detail: string) => {
        const status = /\b(\d{3})\b/.exec(detail)?.[1];
        const code = status === undefined ? undefined : Number(status);
        settle(
          new ModelError(`${provider}: the WebSocket to ${host} failed to open: ${detail}`, {
            provider,
            retryable: code === undefined ? true : isRetryableStatus(code),
            ...(code !== undefined ? { status: code } : {}),
          }),
        );
      };
      socket.onerror = (event) => refused(errorText(event));
      socket.onclose = (event) => refused(`closed (code ${event.code ?? "unknown"})`);
    });
    return opened;
  }

  /** Whether the socket is still open (nothing failed it and it was not closed). */
  get isOpen(): boolean {
    return this.failure === undefined && this.socket.readyState === 1;
  }

  /** Sends one JSON event; a `ModelError` when the socket is no longer open. */
  send(event: unknown): void {
    if (this.failure) throw this.failure;
    if (this.socket.readyState !== 1) throw this.closedError("(before the event could be sent)");
    this.socket.send(JSON.stringify(event));
  }

  /**
   * The next frame. Waits at most `idleTimeout` ms (`null` = no limit) for it, and rejects at once
   * when `signal` aborts or the socket closed or failed (frames received before that come first).
   */
  async next(
    signal: AbortSignal | undefined,
    idleTimeout: number | null,
    what: string,
  ): Promise<SocketFrame> {
    for (;;) {
      const frame = this.queue.shift();
      if (frame) {
        this.queuedBytes -= frame.kind === "text" ? frame.text.length : frame.bytes.length;
        return frame;
      }
      if (this.failure) throw this.failure;
      if (signal?.aborted) throw interruptedErrorFrom(signal);
      await new Promise<void>((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const done = () => {
          if (timer !== undefined) clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
          this.wake = undefined;
        };
        const onAbort = () => {
          done();
          reject(interruptedErrorFrom(signal));
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        if (idleTimeout !== null) {
          timer = setTimeout(() => {
            done();
            reject(
              new ModelError(
                `${this.provider}: ${what} stalled: no frame from ${this.host} for ${idleTimeout} ms (idleTimeout). Raise or disable it with the model's idleTimeout option.`,
                { provider: this.provider, retryable: true },
              ),
            );
          }, idleTimeout);
        }
        this.wake = () => {
          done();
          resolve();
        };
      });
    }
  }

  /** Closes the socket (normal closure); later {@link next} calls fail. Safe to call twice. */
  close(): void {
    if (!this.failure) {
      this.failure = new ModelError(`${this.provider}: the WebSocket to ${this.host} was closed.`, {
        provider: this.provider,
        retryable: false,
      });
    }
    this.socket.onmessage = null;
    this.socket.onclose = null;
    this.socket.onerror = () => {};
    if (this.socket.readyState <= 1) {
      try {
        this.socket.close(1000);
      } catch {
        // closing a socket that is still connecting: it goes anyway
      }
    }
    this.wake?.();
  }

  private receive(data: unknown): void {
    if (this.failure) return;
    const frame = toFrame(data);
    if (!frame) {
      this.fail(
        new ModelError(
          `${this.provider}: ${this.host} sent a WebSocket frame of an unknown kind.`,
          {
            provider: this.provider,
            retryable: false,
          },
        ),
      );
      return;
    }
    this.queuedBytes += frame.kind === "text" ? frame.text.length : frame.bytes.length;
    if (this.queuedBytes > this.maxQueuedBytes) {
      this.fail(
        new ModelError(
          `${this.provider}: more than ${this.maxQueuedBytes} bytes from ${this.host} were left unread; the socket was closed. Read the audio as it comes.`,
          { provider: this.provider, retryable: false },
        ),
      );
      this.queue.length = 0;
      this.queuedBytes = 0;
      this.close();
      return;
    }
    this.queue.push(frame);
    this.wake?.();
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.wake?.();
  }

  private closedError(detail: string): ModelError {
    return new ModelError(
      `${this.provider}: the WebSocket to ${this.host} closed before the synthesis finished ${detail}.`,
      { provider: this.provider, retryable: true },
    );
  }
}
