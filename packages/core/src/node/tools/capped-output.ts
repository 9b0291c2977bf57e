/**
 * Collects a stream's bytes up to a limit, keeping the head and the tail and dropping the middle,
 * so a command that prints 50 MB costs a few kilobytes of context. Memory stays bounded by the
 * limit however much is written.
 */
export class CappedOutput {
  readonly #headLimit: number;
  readonly #tailLimit: number;
  readonly #head: Buffer[] = [];
  #headSize = 0;
  #tail: Buffer[] = [];
  #tailSize = 0;
  #dropped = 0;

  /** `maxBytes` is the most kept: half from the start, half from the end. */
  constructor(readonly maxBytes: number) {
    this.#headLimit = Math.ceil(maxBytes / 2);
    this.#tailLimit = maxBytes - this.#headLimit;
  }

  /** How many bytes were dropped from the middle. */
  get droppedBytes(): number {
    return this.#dropped;
  }

  /** Adds a chunk. */
  push(chunk: Buffer): void {
    let rest = chunk;
    if (this.#headSize < this.#headLimit) {
      const take = Math.min(rest.length, this.#headLimit - this.#headSize);
      this.#head.push(rest.subarray(0, take));
      this.#headSize += take;
      rest = rest.subarray(take);
    }
    if (rest.length === 0) return;
    if (rest.length >= this.#tailLimit) {
      this.#dropped += this.#tailSize + rest.length - this.#tailLimit;
      this.#tail = this.#tailLimit > 0 ? [rest.subarray(rest.length - this.#tailLimit)] : [];
      this.#tailSize = this.#tailLimit;
      return;
    }
    this.#tail.push(rest);
    this.#tailSize += rest.length;
    // Drop whole chunks from the front, then trim the first one: amortised O(bytes written).
    while (this.#tailSize > this.#tailLimit) {
      const first = this.#tail[0] as Buffer;
      const excess = this.#tailSize - this.#tailLimit;
      if (first.length <= excess) {
        this.#tail.shift();
        this.#tailSize -= first.length;
        this.#dropped += first.length;
      } else {
        this.#tail[0] = first.subarray(excess);
        this.#tailSize -= excess;
        this.#dropped += excess;
      }
    }
  }

  /** The kept text (UTF-8), with a marker where bytes were dropped. */
  text(): string {
    const head = Buffer.concat(this.#head).toString("utf8");
    if (this.#dropped === 0) return head + Buffer.concat(this.#tail).toString("utf8");
    return `${head}\n[... ${this.#dropped} bytes of output truncated ...]\n${Buffer.concat(this.#tail).toString("utf8")}`;
  }
}
