import { describe, expect, it } from "vitest";
import type { StoredEvent } from "./backend.js";
import { EventLog, isEventId, parseEventId } from "./event-log.js";

const ev = (id: string): StoredEvent => ({ id, runId: "r", type: "t", data: { id }, fence: 1 });
const ids = (events: StoredEvent[]) => events.map((e) => e.id);

describe("EventLog", () => {
  it("reads in order after an id, from the start with '0', at most `count`", () => {
    const log = new EventLog(100);
    for (const id of ["5-0", "5-1", "5-2", "7-0", "12-0"]) log.push(ev(id));
    expect(ids(log.after("0", 10))).toEqual(["5-0", "5-1", "5-2", "7-0", "12-0"]);
    expect(ids(log.after("5-1", 10))).toEqual(["5-2", "7-0", "12-0"]);
    expect(ids(log.after("5-1", 2))).toEqual(["5-2", "7-0"]);
    // An id that is not in the log resumes at the next one after it (ms compared as numbers).
    expect(ids(log.after("6-9", 10))).toEqual(["7-0", "12-0"]);
    expect(ids(log.after("11", 10))).toEqual(["12-0"]);
    expect(log.after("12-0", 10)).toEqual([]);
    expect(log.after("0", 0)).toEqual([]);
  });

  it("drops the oldest events over the cap, and reads from the oldest kept", () => {
    const log = new EventLog(3);
    for (let i = 1; i <= 500; i++) log.push(ev(`${i}-0`));
    expect(log.size).toBe(3);
    expect(ids(log.after("0", 10))).toEqual(["498-0", "499-0", "500-0"]);
    // Resuming from an evicted id gives what is left after it.
    expect(ids(log.after("2-0", 10))).toEqual(["498-0", "499-0", "500-0"]);
    expect(ids(log.after("498-0", 10))).toEqual(["499-0", "500-0"]);
    log.clear();
    expect(log.size).toBe(0);
    expect(log.after("0", 10)).toEqual([]);
  });

  it("parses ids as Redis Streams write them", () => {
    expect(parseEventId("1700000000000-3")).toEqual([1700000000000, 3]);
    expect(parseEventId("0")).toEqual([0, 0]);
    expect(parseEventId("junk")).toEqual([0, 0]);
  });
});

describe("isEventId", () => {
  it("accepts '<ms>' and '<ms>-<seq>' with parts below 2^64, nothing else", () => {
    for (const id of ["0", "12", "5-1", "18446744073709551615-18446744073709551615"]) {
      expect(isEventId(id)).toBe(true);
    }
    for (const id of [
      "",
      "-1",
      "1-",
      "a",
      "1-2-3",
      " 1",
      "1.5",
      "18446744073709551616",
      "1-99999999999999999999999",
    ]) {
      expect(isEventId(id)).toBe(false);
    }
  });
});
