import { describe, expect, it } from "vitest";
import { EventChannel } from "./event-channel.js";

/** Lets every queued promise reaction run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("EventChannel", () => {
  it("delivers pushed items in order, then ends once closed", async () => {
    const channel = new EventChannel<number>(4);
    const read = (async () => {
      const seen: number[] = [];
      for await (const item of channel) seen.push(item);
      return seen;
    })();
    for (let i = 0; i < 10; i++) await channel.push(i);
    channel.close();
    expect(await read).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("makes a push wait while capacity items are unread, and resumes it once they are read", async () => {
    const channel = new EventChannel<string>(2);
    await channel.push("a");
    await channel.push("b");
    let third = false;
    const pushing = channel.push("c").then(() => {
      third = true;
    });
    await settle();
    expect(third).toBe(false);
    const reader = channel[Symbol.asyncIterator]();
    expect(await reader.next()).toEqual({ done: false, value: "a" });
    await pushing;
    expect(third).toBe(true);
    expect(await reader.next()).toEqual({ done: false, value: "b" });
    expect(await reader.next()).toEqual({ done: false, value: "c" });
    channel.close();
    expect(await reader.next()).toEqual({ done: true, value: undefined });
  });

  it("wakes a waiting reader on push and on close", async () => {
    const channel = new EventChannel<number>();
    const reader = channel[Symbol.asyncIterator]();
    const first = reader.next();
    await settle();
    await channel.push(7);
    expect(await first).toEqual({ done: false, value: 7 });
    const second = reader.next();
    channel.close();
    expect(await second).toEqual({ done: true, value: undefined });
  });

  it("ends a reader that returns (a waiting read too), and drops pushes once closed", async () => {
    const channel = new EventChannel<number>();
    const reader = channel[Symbol.asyncIterator]();
    const waiting = reader.next();
    expect(await reader.return()).toEqual({ done: true, value: undefined });
    expect(await waiting).toEqual({ done: true, value: undefined });
    await channel.push(1);
    expect(await reader.next()).toEqual({ done: true, value: undefined });
    channel.discard();
    await channel.push(2);
    const fresh = channel[Symbol.asyncIterator]();
    expect(await fresh.next()).toEqual({ done: true, value: undefined });
  });

  it("rejects the read past the last item once with the failure it was closed with", async () => {
    const channel = new EventChannel<number>();
    const reader = channel[Symbol.asyncIterator]();
    await channel.push(1);
    channel.close({ error: new Error("run failed") });
    expect(await reader.next()).toEqual({ done: false, value: 1 });
    await expect(reader.next()).rejects.toThrow("run failed");
    expect(await reader.next()).toEqual({ done: true, value: undefined });
  });

  it("rejects a waiting read with the failure it was closed with", async () => {
    const channel = new EventChannel<number>();
    const reader = channel[Symbol.asyncIterator]();
    const waiting = reader.next();
    await settle();
    channel.close({ error: new Error("gone") });
    channel.close({ error: new Error("ignored: already closed") });
    await expect(waiting).rejects.toThrow("gone");
    expect(await reader.next()).toEqual({ done: true, value: undefined });
  });

  it("answers reads asked before the first settles, in order", async () => {
    const channel = new EventChannel<number>();
    const reader = channel[Symbol.asyncIterator]();
    const reads = [reader.next(), reader.next(), reader.next()];
    await channel.push(1);
    await channel.push(2);
    channel.close();
    expect(await Promise.all(reads)).toEqual([
      { done: false, value: 1 },
      { done: false, value: 2 },
      { done: true, value: undefined },
    ]);
  });

  it("gives its push with room one shared resolved promise (no async frame per event)", () => {
    const channel = new EventChannel<number>(8);
    expect(channel.push(1)).toBe(channel.push(2));
  });
});
