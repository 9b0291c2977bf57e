import { createInterface, type Interface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import type { TextOutput } from "./style.js";

/**
 * The lines typed (or piped) into the CLI, in order: the chat loop and tool confirmations both
 * take the next one. Lines that arrive early wait in a queue, so piped input works the same as
 * typing; after the input ends, `next()` resolves `null`.
 */
export class LineSource {
  readonly #rl: Interface;
  readonly #queue: string[] = [];
  readonly #waiters: ((line: string | null) => void)[] = [];
  #ended = false;

  /**
   * Reads `input`; when both it and `output` are terminals, readline edits the line and turns
   * Ctrl-C into its `SIGINT` event.
   */
  constructor(input: Readable, output?: TextOutput) {
    const terminal = (input as { isTTY?: boolean }).isTTY === true && output?.isTTY === true;
    this.#rl = createInterface({
      input,
      ...(terminal
        ? { output: output as unknown as Writable, terminal: true }
        : { terminal: false }),
    });
    this.#rl.on("line", (line) => {
      const waiter = this.#waiters.shift();
      if (waiter) waiter(line);
      else this.#queue.push(line);
    });
    this.#rl.on("close", () => {
      this.#ended = true;
      for (const waiter of this.#waiters.splice(0)) waiter(null);
    });
  }

  /** The readline interface (for its `SIGINT` event on terminals). */
  get readline(): Interface {
    return this.#rl;
  }

  /** Whether the input has ended and every line was taken. */
  get done(): boolean {
    return this.#ended && this.#queue.length === 0;
  }

  /** The next line, or `null` once the input has ended; `signal` gives up waiting (`null`). */
  next(signal?: AbortSignal): Promise<string | null> {
    const queued = this.#queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.#ended || signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter = (line: string | null) => {
        signal?.removeEventListener("abort", onAbort);
        resolve(line);
      };
      const onAbort = () => {
        const i = this.#waiters.indexOf(waiter);
        if (i >= 0) this.#waiters.splice(i, 1);
        resolve(null);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiters.push(waiter);
    });
  }

  /** Stops reading the input. */
  close(): void {
    this.#rl.close();
  }
}
