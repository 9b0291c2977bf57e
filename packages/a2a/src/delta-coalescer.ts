/**
 * Batches streamed text deltas so at most one update per `intervalMs` leaves (plus one when the
 * message changes or the caller flushes). Every A2A event costs the SDK a load and save of the
 * whole task, so publishing each model chunk would cost O(chunks × task size); batching bounds the
 * event rate while the text itself is only appended, O(delta) per chunk.
 */
export class DeltaCoalescer {
  readonly #publish: (msgId: string, text: string, offset: number) => void;
  readonly #intervalMs: number;
  #msgId: string | null = null;
  // How much of the current message's text was published before (the next delta's offset).
  #offset = 0;
  #pieces: string[] = [];
  #lastFlush = Number.NEGATIVE_INFINITY;
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** `publish` gets each batch with its `offset`: the length of the message's text before it. */
  constructor(publish: (msgId: string, text: string, offset: number) => void, intervalMs: number) {
    this.#publish = publish;
    this.#intervalMs = Math.max(0, intervalMs);
  }

  /** Adds `text` of message `msgId`; publishes now when the interval has passed. */
  push(msgId: string, text: string): void {
    if (this.#msgId !== msgId) {
      this.flush();
      this.#offset = 0;
    }
    this.#msgId = msgId;
    this.#pieces.push(text);
    const wait = this.#lastFlush + this.#intervalMs - Date.now();
    if (wait <= 0) this.flush();
    else this.#timer ??= setTimeout(() => this.flush(), wait);
  }

  /** Publishes what is buffered, if anything. */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#msgId === null || this.#pieces.length === 0) return;
    const text = this.#pieces.join("");
    this.#pieces = [];
    this.#lastFlush = Date.now();
    const offset = this.#offset;
    this.#offset += text.length;
    this.#publish(this.#msgId, text, offset);
  }
}
