import { afterEach, describe, expect, it, vi } from "vitest";
import { DeltaCoalescer } from "./delta-coalescer.js";

afterEach(() => {
  vi.useRealTimers();
});

describe("DeltaCoalescer", () => {
  it("publishes the first delta at once and batches the rest until the interval passes", () => {
    vi.useFakeTimers();
    const out: [string, string][] = [];
    const c = new DeltaCoalescer((id, text) => out.push([id, text]), 50);
    c.push("m1", "a");
    c.push("m1", "b");
    c.push("m1", "c");
    expect(out).toEqual([["m1", "a"]]);
    vi.advanceTimersByTime(50);
    expect(out).toEqual([
      ["m1", "a"],
      ["m1", "bc"],
    ]);
  });

  it("flushes when the message changes and on demand, never publishing empty text", () => {
    vi.useFakeTimers();
    const out: [string, string][] = [];
    const c = new DeltaCoalescer((id, text) => out.push([id, text]), 50);
    c.push("m1", "a");
    c.push("m1", "b");
    c.push("m2", "x");
    c.flush();
    c.flush();
    expect(out).toEqual([
      ["m1", "a"],
      ["m1", "b"],
      ["m2", "x"],
    ]);
    vi.advanceTimersByTime(100);
    expect(out).toHaveLength(3);
  });
});

describe("DeltaCoalescer offsets", () => {
  it("gives each batch the length of its message's text before it, from 0 per message", () => {
    vi.useFakeTimers();
    const out: [string, string, number][] = [];
    const c = new DeltaCoalescer((id, text, offset) => out.push([id, text, offset]), 50);
    c.push("m1", "ab");
    c.push("m1", "c");
    c.push("m1", "de");
    vi.advanceTimersByTime(50);
    c.push("m2", "x");
    c.flush();
    expect(out).toEqual([
      ["m1", "ab", 0],
      ["m1", "cde", 2],
      ["m2", "x", 0],
    ]);
  });
});
