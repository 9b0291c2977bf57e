import { io, type Socket } from "socket.io-client";
import { FORWARD_USER_INPUT_EVENT, STUDIO_NAMESPACE } from "./studio-protocol.js";

/** The user's answer as Studio forwards it. */
export interface ForwardedUserInput {
  requestId: string;
  blocksInput: unknown;
  structuredInput: unknown;
}

/** Options of a {@link StudioSocket}. */
export interface StudioSocketOptions {
  /** Studio's base URL. */
  url: string;
  /** The run this process is (sent as `auth.run_id`, as AgentScope Python does). */
  runId: string;
  /** The first reconnection delay (ms). */
  reconnectionDelayMs: number;
  /** The longest reconnection delay (ms). */
  reconnectionDelayMaxMs: number;
}

/**
 * The run's socket.io connection to Studio's `/python` namespace: Studio sends the user's answers
 * on it and marks the run `done` when it closes. It reconnects for as long as it is open (Studio
 * absent at start or restarted), and tells listeners each time it (re)connects.
 */
export class StudioSocket {
  readonly #socket: Socket;
  readonly #onConnect = new Set<(reconnected: boolean) => void>();
  readonly #onInput = new Set<(input: ForwardedUserInput) => void>();
  readonly #onDisconnect = new Set<() => void>();
  // Set once the connection was up or was attempted and failed: a connect after that is a
  // reconnection (Studio may have forgotten the run's state).
  #seenTrouble = false;

  constructor(options: StudioSocketOptions) {
    this.#socket = io(`${options.url}${STUDIO_NAMESPACE}`, {
      auth: { run_id: options.runId },
      // WebSocket only (Studio's socket.io server accepts it): a process that ends closes the TCP
      // connection and Studio marks the run done at once; over HTTP long-polling the end of the
      // process is seen only after socket.io's ping timeout (≈ 45 s).
      transports: ["websocket"],
      reconnection: true,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      reconnectionDelay: options.reconnectionDelayMs,
      reconnectionDelayMax: options.reconnectionDelayMaxMs,
    });
    this.#socket.on("connect", () => {
      const reconnected = this.#seenTrouble;
      this.#seenTrouble = true;
      for (const listener of this.#onConnect) listener(reconnected);
    });
    this.#socket.on("connect_error", () => {
      this.#seenTrouble = true;
    });
    this.#socket.io.on("reconnect_attempt", () => {
      this.#seenTrouble = true;
    });
    this.#socket.on("disconnect", (reason) => {
      for (const listener of this.#onDisconnect) listener();
      // Studio closed this socket itself: socket.io does not retry that case on its own.
      if (reason === "io server disconnect") this.#socket.connect();
    });
    this.#socket.on(
      FORWARD_USER_INPUT_EVENT,
      (requestId: unknown, blocksInput: unknown, structuredInput: unknown) => {
        if (typeof requestId !== "string") return;
        for (const listener of this.#onInput) listener({ requestId, blocksInput, structuredInput });
      },
    );
  }

  /** Whether the socket is connected now. */
  get connected(): boolean {
    return this.#socket.connected;
  }

  /** Calls `listener(reconnected)` on every (re)connection; returns the remover. */
  onConnect(listener: (reconnected: boolean) => void): () => void {
    this.#onConnect.add(listener);
    return () => this.#onConnect.delete(listener);
  }

  /** Calls `listener` each time the connection drops; returns the remover. */
  onDisconnect(listener: () => void): () => void {
    this.#onDisconnect.add(listener);
    return () => this.#onDisconnect.delete(listener);
  }

  /** Calls `listener` with every answer Studio forwards; returns the remover. */
  onUserInput(listener: (input: ForwardedUserInput) => void): () => void {
    this.#onInput.add(listener);
    return () => this.#onInput.delete(listener);
  }

  /**
   * Waits until the first connection attempt is settled (connected, or failed once), at most
   * `timeoutMs`: closing a socket still connecting would leave Studio never seeing it, and the
   * run would stay `running` there. Resolves `true` when connected.
   */
  settled(timeoutMs: number): Promise<boolean> {
    if (this.#socket.connected || this.#seenTrouble) return Promise.resolve(this.#socket.connected);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#socket.off("connect", done);
        this.#socket.off("connect_error", done);
        resolve(this.#socket.connected);
      };
      const timer = setTimeout(done, timeoutMs);
      this.#socket.on("connect", done);
      this.#socket.on("connect_error", done);
    });
  }

  /** Closes the socket for good (Studio then marks the run `done`). */
  close(): void {
    this.#onConnect.clear();
    this.#onInput.clear();
    this.#onDisconnect.clear();
    this.#socket.disconnect();
  }
}
