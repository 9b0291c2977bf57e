import { describe, expect, it } from "vitest";
import { type Delivery, DeliveryQueue } from "./delivery-queue.js";
import { StudioCallError } from "./trpc-call.js";

// A send function the test answers by hand, one attempt at a time.
function manualSend() {
  const attempts: {
    delivery: Delivery;
    input: Record<string, unknown>;
    settle(error?: unknown): void;
  }[] = [];
  const waiters: (() => void)[] = [];
  const send = (delivery: Delivery) =>
    new Promise<void>((resolve, reject) => {
      attempts.push({
        delivery,
        input: delivery.input,
        settle: (error) => (error ? reject(error) : resolve()),
      });
      for (const wake of waiters.splice(0)) wake();
    });
  const attempt = async (n: number) => {
    while (attempts.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
    return attempts[n - 1] as (typeof attempts)[number];
  };
  return { send, attempts, attempt };
}

const options = (send: (d: Delivery) => Promise<void>, warnings: string[] = []) => ({
  send,
  warn: (cause: string) => warnings.push(cause),
  capacity: 3,
  retryDelayMs: 1,
  maxRetryDelayMs: 2,
  maxServerErrorAttempts: 2,
});

describe("DeliveryQueue", () => {
  it("sends in order, one at a time, and merges waiting prints of the same message", async () => {
    const m = manualSend();
    const queue = new DeliveryQueue(options(m.send));
    const a = queue.enqueue({ procedure: "p", input: { n: 1 } });
    const b1 = queue.enqueue({ procedure: "p", input: { n: 2 }, coalesceKey: "k" });
    const b2 = queue.enqueue({ procedure: "p", input: { n: 3 }, coalesceKey: "k" });
    (await m.attempt(1)).settle();
    (await m.attempt(2)).settle();
    await Promise.all([a, b1, b2]);
    expect(m.attempts.map((x) => x.input)).toEqual([{ n: 1 }, { n: 3 }]);
    await queue.close();
  });

  it("retries the head while Studio is unreachable, warning once, and never reorders", async () => {
    const m = manualSend();
    const warnings: string[] = [];
    const queue = new DeliveryQueue(options(m.send, warnings));
    const first = queue.enqueue({ procedure: "p", input: { n: 1 } });
    const second = queue.enqueue({ procedure: "p", input: { n: 2 } });
    (await m.attempt(1)).settle(new StudioCallError("unreachable", "down"));
    (await m.attempt(2)).settle(new StudioCallError("unreachable", "down"));
    (await m.attempt(3)).settle();
    (await m.attempt(4)).settle();
    await Promise.all([first, second]);
    expect(m.attempts.map((x) => x.input.n)).toEqual([1, 1, 1, 2]);
    expect(warnings).toEqual(["unreachable", "unreachable"]); // the caller keeps the first per cause
    expect(queue.dropped).toBe(0);
    await queue.close();
  });

  it("drops a call Studio rejects (4xx) and rejects its promise; rejects new calls past capacity", async () => {
    const m = manualSend();
    const queue = new DeliveryQueue(options(m.send));
    const rejected = queue.enqueue({ procedure: "p", input: { n: 1 } });
    queue.enqueue({ procedure: "p", input: { n: 2 } });
    queue.enqueue({ procedure: "p", input: { n: 3 } });
    const over = queue.enqueue({ procedure: "p", input: { n: 4 } });
    await expect(over).rejects.toThrow(/queue is full/);
    (await m.attempt(1)).settle(new StudioCallError("status", "bad", { status: 400 }));
    await expect(rejected).rejects.toThrow("bad");
    (await m.attempt(2)).settle();
    expect(queue.dropped).toBe(2);
    await queue.close();
    expect(queue.dropped).toBe(3); // the one still waiting at close
  });

  it("flush waits for the queue to drain, bounded", async () => {
    const m = manualSend();
    const queue = new DeliveryQueue(options(m.send));
    queue.enqueue({ procedure: "p", input: {} });
    expect(await queue.flush(1)).toBe(false);
    const flushed = queue.flush(10_000);
    (await m.attempt(1)).settle();
    expect(await flushed).toBe(true);
    await queue.close();
  });
});
