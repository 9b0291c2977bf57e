import { describe, expect, it } from "vitest";
import { lazyStream } from "./lazy-stream.js";

/** A source that records whether it was opened and closed. */
function source(items: number[]) {
  const log: string[] = [];
  const open = async () => {
    log.push("open");
    return (async function* () {
      try {
        yield* items;
      } finally {
        log.push("closed");
      }
    })();
  };
  return { open, log };
}

describe("lazyStream", () => {
  it("opens on the first read, not before, and yields the source's items", async () => {
    const { open, log } = source([1, 2, 3]);
    const stream = lazyStream(open);
    expect(log).toEqual([]);
    const seen: number[] = [];
    for await (const n of stream) seen.push(n);
    expect(seen).toEqual([1, 2, 3]);
    expect(log).toEqual(["open", "closed"]);
  });

  it("never opens when returned before the first read", async () => {
    const { open, log } = source([1]);
    const stream = lazyStream(open);
    expect(await stream.return(undefined)).toEqual({ done: true, value: undefined });
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    expect(log).toEqual([]);
  });

  it("closes the source when returned mid-way, or while it is opening", async () => {
    const midway = source([1, 2, 3]);
    const stream = lazyStream(midway.open);
    expect(await stream.next()).toEqual({ done: false, value: 1 });
    await stream.return(undefined);
    expect(midway.log).toEqual(["open", "closed"]);
    expect(await stream.next()).toEqual({ done: true, value: undefined });

    const opening = source([1, 2]);
    const early = lazyStream(opening.open);
    const first = early.next();
    await early.return(undefined);
    expect(await first).toEqual({ done: false, value: 1 });
    expect(opening.log).toEqual(["open", "closed"]);
  });

  it("rejects the first read when opening fails, then is done", async () => {
    const stream = lazyStream<number>(async () => {
      throw new Error("refused");
    });
    await expect(stream.next()).rejects.toThrow("refused");
    expect(await stream.next()).toEqual({ done: true, value: undefined });
  });

  it("is an async generator to its callers (async iterator, disposable)", async () => {
    const { open, log } = source([1, 2]);
    {
      await using stream = lazyStream(open);
      expect(stream[Symbol.asyncIterator]()).toBe(stream);
      expect(await stream.next()).toEqual({ done: false, value: 1 });
    }
    expect(log).toEqual(["open", "closed"]);
  });
});
