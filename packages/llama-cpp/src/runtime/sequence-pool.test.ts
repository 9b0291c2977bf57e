import { InterruptedError } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { SequencePool } from "./sequence-pool.js";

describe("SequencePool", () => {
  it("hands out free items and makes later callers wait, first come first served", async () => {
    const pool = new SequencePool(["a"]);
    const first = await pool.acquire();
    const order: string[] = [];
    const second = pool.acquire().then((item) => order.push(`2:${item}`));
    const third = pool.acquire().then((item) => order.push(`3:${item}`));
    await Promise.resolve();
    expect(order).toEqual([]);
    pool.release(first);
    await second;
    pool.release("a");
    await third;
    expect(order).toEqual(["2:a", "3:a"]);
  });

  it("stops waiting with an InterruptedError when the signal aborts", async () => {
    const pool = new SequencePool(["a"]);
    await pool.acquire();
    const controller = new AbortController();
    const waiting = pool.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(InterruptedError);
    // The aborted waiter does not receive the next release.
    pool.release("a");
    expect(await pool.acquire()).toBe("a");
    await expect(pool.acquire(AbortSignal.abort())).rejects.toBeInstanceOf(InterruptedError);
  });
});
