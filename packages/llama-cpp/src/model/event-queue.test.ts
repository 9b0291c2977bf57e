import { describe, expect, it } from "vitest";
import { EventQueue } from "./event-queue.js";

describe("EventQueue", () => {
  it("drains everything queued, waits when empty, ends on close", async () => {
    const queue = new EventQueue<number>();
    queue.push(1);
    queue.push(2);
    expect(await queue.drain()).toEqual([1, 2]);
    const next = queue.drain();
    queue.push(3);
    expect(await next).toEqual([3]);
    queue.close();
    queue.push(4);
    expect(await queue.drain()).toBeUndefined();
  });

  it("throws the failure after the queued items", async () => {
    const queue = new EventQueue<number>();
    queue.push(1);
    queue.fail(new Error("boom"));
    expect(await queue.drain()).toEqual([1]);
    await expect(queue.drain()).rejects.toThrow("boom");
  });
});
