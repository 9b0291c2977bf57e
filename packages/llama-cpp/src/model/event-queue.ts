/**
 * A push-to-pull bridge: callbacks {@link push} items, one consumer {@link drain}s everything
 * queued so far (waiting when nothing is), and {@link close}/{@link fail} end the stream.
 */
export class EventQueue<T> {
  private items: T[] = [];
  private done = false;
  private error: { value: unknown } | undefined;
  private wake: (() => void) | undefined;

  /** Adds an item. Ignored once closed. */
  push(item: T): void {
    if (this.done) return;
    this.items.push(item);
    this.notify();
  }

  /** Ends the stream normally. */
  close(): void {
    this.done = true;
    this.notify();
  }

  /** Ends the stream with an error, thrown by the next {@link drain}. */
  fail(error: unknown): void {
    if (this.done) return;
    this.error = { value: error };
    this.done = true;
    this.notify();
  }

  /**
   * Waits until items are queued or the stream ended, then returns (and removes) every queued
   * item; returns `undefined` once the stream ended and everything was taken.
   */
  async drain(): Promise<T[] | undefined> {
    while (this.items.length === 0 && !this.done) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    if (this.items.length > 0) {
      const batch = this.items;
      this.items = [];
      return batch;
    }
    if (this.error) throw this.error.value;
    return undefined;
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
