import { describe, expect, it } from "vitest";
import type { AppendResult, EventInput } from "./backend.js";
import { EventBatcher } from "./event-batcher.js";

const ev = (type: string): EventInput => ({ runId: "r", type, data: {} });
const ok: AppendResult = { id: "1-0", interruptRequested: false };

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("EventBatcher", () => {
  it("writes the events queued during a write together, in order, and the last one releases", async () => {
    const writes: [string[], boolean][] = [];
    const gate = deferred<AppendResult>();
    const b = new EventBatcher(
      async (events, release) => {
        writes.push([events.map((e) => e.type), release]);
        return writes.length === 1 ? gate.promise : ok;
      },
      () => new Error("lost"),
      () => undefined,
    );
    await b.push(ev("a"));
    await b.push(ev("b"));
    await b.push(ev("c"));
    const end = b.push(ev("end"), true);
    gate.resolve(ok);
    await end;
    expect(writes).toEqual([
      [["a"], false],
      [["b", "c", "end"], true],
    ]);
  });

  it("finish hands what is queued behind the write in flight to the run's last step, not to a write of its own", async () => {
    const writes: string[][] = [];
    const gate = deferred<AppendResult>();
    const b = new EventBatcher(
      async (events) => {
        writes.push(events.map((e) => e.type));
        return gate.promise;
      },
      () => new Error("lost"),
      () => undefined,
    );
    await b.push(ev("a"));
    await b.push(ev("b"));
    await b.push(ev("c"));
    const finished: string[][] = [];
    const end = b.finish(async (queued) => {
      finished.push(queued.map((e) => e.type));
      return ok;
    });
    gate.resolve(ok);
    await end;
    expect(writes).toEqual([["a"]]);
    expect(finished).toEqual([["b", "c"]]);
    // A lost lease at the end is the run's LeaseLost; later events are refused.
    const lost = new EventBatcher(
      async () => ok,
      () => new Error("lease lost"),
      () => undefined,
    );
    await expect(lost.finish(async () => null)).rejects.toThrow("lease lost");
    await expect(lost.push(ev("d"))).rejects.toThrow("lease lost");
  });

  it("defer queues an event for the next write without starting one; drain writes it", async () => {
    const writes: string[][] = [];
    const b = new EventBatcher(
      async (events) => {
        writes.push(events.map((e) => e.type));
        return ok;
      },
      () => new Error("lost"),
      () => undefined,
    );
    b.defer(ev("reply"));
    expect(writes).toEqual([]);
    await b.finish(async (queued) => {
      writes.push(["finish", ...queued.map((e) => e.type)]);
      return ok;
    });
    b.defer(ev("later"));
    await b.drain();
    expect(writes).toEqual([["finish", "reply"], ["later"]]);
  });

  it("fails every later push and drain once the lease is lost, writing nothing more", async () => {
    let calls = 0;
    const b = new EventBatcher(
      async () => {
        calls++;
        return null;
      },
      () => new Error("lease lost"),
      () => undefined,
    );
    await b.push(ev("a"));
    await expect(b.drain()).rejects.toThrow("lease lost");
    await expect(b.push(ev("b"))).rejects.toThrow("lease lost");
    await expect(b.drain()).rejects.toThrow("lease lost");
    expect(calls).toBe(1);
  });

  it("reports a failed write once, so the run can still log its failure", async () => {
    const written: string[] = [];
    const b = new EventBatcher(
      async (events) => {
        if (events[0]?.type === "a") throw new Error("redis down");
        written.push(...events.map((e) => e.type));
        return ok;
      },
      () => new Error("lost"),
      () => undefined,
    );
    await b.push(ev("a"));
    await expect(b.drain()).rejects.toThrow("redis down");
    await b.push(ev("run_failed"), true);
    expect(written).toEqual(["run_failed"]);
  });

  it("tells of an interrupt request and waits for the writes when too many events queue", async () => {
    let interrupts = 0;
    const gate = deferred<AppendResult>();
    let first = true;
    const b = new EventBatcher(
      async () => {
        if (first) {
          first = false;
          return gate.promise;
        }
        return { id: "2-0", interruptRequested: true };
      },
      () => new Error("lost"),
      () => interrupts++,
      2,
    );
    await b.push(ev("a"));
    await b.push(ev("b"));
    let done = false;
    const full = b.push(ev("c")).then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    gate.resolve(ok);
    await full;
    expect(interrupts).toBe(1);
  });
});
