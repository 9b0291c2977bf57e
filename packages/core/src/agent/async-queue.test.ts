import { describe, expect, it } from "vitest";
import { AsyncQueue } from "./async-queue.js";

describe("AsyncQueue", () => {
  it("hands items over in order and makes get wait for a put", async () => {
    const queue = new AsyncQueue<number>();
    const waiting = queue.get();
    queue.putNowait(1);
    await queue.put(2);
    expect(await waiting).toBe(1);
    expect(queue.getNowait()).toBe(2);
    expect(queue.getNowait()).toBeUndefined();
  });

  it("makes put wait while a bounded queue is full", async () => {
    const queue = new AsyncQueue<string>(1);
    await queue.put("a");
    let second = false;
    const putting = queue.put("b").then(() => {
      second = true;
    });
    await new Promise((r) => setTimeout(r, 5));
    expect([second, queue.full()]).toEqual([false, true]);
    expect(await queue.get()).toBe("a");
    await putting;
    expect(second).toBe(true);
    expect(await queue.get()).toBe("b");
  });

  it("stays correct across many items", async () => {
    const queue = new AsyncQueue<number>();
    for (let i = 0; i < 500; i++) queue.putNowait(i);
    const out: number[] = [];
    for (let i = 0; i < 500; i++) out.push(await queue.get());
    expect(out).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(queue.empty()).toBe(true);
  });
});
