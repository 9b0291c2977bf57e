import { abortableSleep } from "@agentscope-ts/core";
import { StudioCallError } from "./trpc-call.js";

/** One call waiting to be delivered to Studio. */
export interface Delivery {
  /** The tRPC procedure to call. */
  readonly procedure: string;
  /** Its input (replaced when a newer delivery with the same key merges in). */
  input: Record<string, unknown>;
  /** Pending deliveries with the same key are merged into one (the latest input wins). */
  readonly coalesceKey?: string;
  /** Merges a newer input into this pending one (default: the newer replaces it). */
  readonly merge?: (
    older: Record<string, unknown>,
    newer: Record<string, unknown>,
  ) => Record<string, unknown>;
}

/** Options of a {@link DeliveryQueue}. */
export interface DeliveryQueueOptions {
  /** Sends one delivery; throws a {@link StudioCallError} when it failed. */
  send(delivery: Delivery): Promise<void>;
  /** Told once per cause of failure (not per message). */
  warn(cause: string, message: string): void;
  /** The most deliveries waiting at once; past it new ones are dropped (with one warning). */
  capacity: number;
  /** The first retry delay after Studio did not answer (ms); doubles up to `maxRetryDelayMs`. */
  retryDelayMs: number;
  /** The longest retry delay (ms). */
  maxRetryDelayMs: number;
  /** Attempts of a delivery Studio answers with a 5xx before it is dropped. */
  maxServerErrorAttempts: number;
}

interface Entry {
  delivery: Delivery;
  waiters: { resolve(): void; reject(error: unknown): void }[];
}

/**
 * The calls to Studio, sent one at a time in order. While Studio is unreachable or slow the head
 * is retried with backoff and the rest wait (up to `capacity`); a 4xx answer drops that call, a
 * 5xx drops it after a few attempts. Streamed prints of one message are merged while they wait.
 * Nothing here throws into the agent: failures become one warning per cause.
 */
export class DeliveryQueue {
  readonly #options: DeliveryQueueOptions;
  readonly #entries: Entry[] = [];
  readonly #stop = new AbortController();
  #inFlight: Entry | undefined;
  #wake: (() => void) | undefined;
  #nudge: AbortController | undefined;
  #idle: (() => void)[] = [];
  #dropped = 0;
  readonly #loop: Promise<void>;

  constructor(options: DeliveryQueueOptions) {
    this.#options = options;
    this.#loop = this.#run();
  }

  /** How many deliveries wait (the one in flight included). */
  get size(): number {
    return this.#entries.length + (this.#inFlight ? 1 : 0);
  }

  /** How many deliveries were given up (queue full, rejected, or closed before sent). */
  get dropped(): number {
    return this.#dropped;
  }

  /** Queues `delivery`; the promise settles when it was delivered or given up (never needed). */
  enqueue(delivery: Delivery): Promise<void> {
    const settled = new Promise<void>((resolve, reject) => {
      if (this.#stop.signal.aborted) {
        reject(new StudioCallError("unreachable", "The Studio connection is closed."));
        return;
      }
      const waiter = { resolve, reject };
      const key = delivery.coalesceKey;
      const pending =
        key === undefined ? undefined : this.#entries.find((e) => e.delivery.coalesceKey === key);
      if (pending) {
        const merge = pending.delivery.merge ?? ((_older, newer) => newer);
        pending.delivery.input = merge(pending.delivery.input, delivery.input);
        pending.waiters.push(waiter);
        return;
      }
      if (this.size >= this.#options.capacity) {
        this.#dropped++;
        this.#options.warn(
          "queue-full",
          `AgentScope Studio is behind: ${this.#options.capacity} calls are waiting, newer ones are dropped until it catches up.`,
        );
        reject(new StudioCallError("unreachable", "The Studio delivery queue is full."));
        return;
      }
      this.#entries.push({ delivery, waiters: [waiter] });
      this.#wake?.();
    });
    // Callers that do not wait for delivery must not see an unhandled rejection.
    settled.catch(() => {});
    return settled;
  }

  /** Cuts the current retry wait short (e.g. Studio's socket just reconnected). */
  nudge(): void {
    this.#nudge?.abort();
  }

  /** Waits until every queued delivery was sent or given up, or `timeoutMs` passed. */
  async flush(timeoutMs: number): Promise<boolean> {
    if (this.size === 0) return true;
    const idle = new Promise<boolean>((resolve) => this.#idle.push(() => resolve(true)));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([idle, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stops sending: what still waits is given up. */
  async close(): Promise<void> {
    this.#stop.abort();
    this.#nudge?.abort();
    this.#wake?.();
    await this.#loop;
    const left = this.#entries.splice(0);
    this.#dropped += left.length;
    const error = new StudioCallError(
      "unreachable",
      "The Studio connection was closed before this call was sent.",
    );
    for (const entry of left) for (const w of entry.waiters) w.reject(error);
    for (const wake of this.#idle.splice(0)) wake();
  }

  async #run(): Promise<void> {
    let delay = this.#options.retryDelayMs;
    let serverErrors = 0;
    while (!this.#stop.signal.aborted) {
      const entry = this.#entries[0];
      if (!entry) {
        for (const wake of this.#idle.splice(0)) wake();
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
        });
        this.#wake = undefined;
        continue;
      }
      this.#entries.shift();
      this.#inFlight = entry;
      let outcome: "sent" | "retry" | "drop";
      let failure: unknown;
      try {
        await this.#options.send(entry.delivery);
        outcome = "sent";
      } catch (error) {
        failure = error;
        if (error instanceof StudioCallError && (error.status ?? 0) >= 500) serverErrors++;
        outcome = this.#decide(error, serverErrors);
      }
      this.#inFlight = undefined;
      if (outcome === "retry") {
        this.#entries.unshift(entry);
        this.#nudge = new AbortController();
        const signal = AbortSignal.any([this.#stop.signal, this.#nudge.signal]);
        await abortableSleep(delay, signal).catch(() => {});
        delay = Math.min(delay * 2, this.#options.maxRetryDelayMs);
        continue;
      }
      delay = this.#options.retryDelayMs;
      serverErrors = 0;
      if (outcome === "sent") for (const w of entry.waiters) w.resolve();
      else {
        this.#dropped++;
        for (const w of entry.waiters) w.reject(failure);
      }
    }
  }

  // Retry while Studio does not answer; drop what it rejects (4xx) or keeps failing on (5xx).
  #decide(error: unknown, serverErrors: number): "retry" | "drop" {
    const kind = error instanceof StudioCallError ? error.kind : "unreachable";
    const status = error instanceof StudioCallError ? error.status : undefined;
    const message = error instanceof Error ? error.message : String(error);
    if (kind !== "status") {
      this.#options.warn(
        kind,
        `${message}. The agents go on; calls wait (up to ${this.#options.capacity}) and are sent in order when Studio answers.`,
      );
      return "retry";
    }
    const server = (status ?? 0) >= 500;
    this.#options.warn(
      `http-${status}`,
      `${message}. The agents go on; ${server ? "such calls are retried a few times, then" : "such calls are"} skipped.`,
    );
    return server && serverErrors < this.#options.maxServerErrorAttempts ? "retry" : "drop";
  }
}
