import { describe, expect, it } from "vitest";
import { InMemoryBackend } from "./in-memory-backend.js";

const a = { userId: "u", sessionId: "a" };
const b = { userId: "u", sessionId: "b" };
const read = { blockMs: 0, count: 1_000 };

describe("InMemoryBackend event log", () => {
  it("keeps each session's events in order; a reader resumes after the last id it saw", async () => {
    const backend = new InMemoryBackend();
    const ta = (await backend.acquireLease(a, "r", 60_000)) as number;
    const tb = (await backend.acquireLease(b, "r", 60_000)) as number;
    for (let i = 0; i < 50; i++) {
      await backend.appendEvent(a, ta, { runId: "r", type: "a", data: { i } });
      if (i % 2 === 0) await backend.appendEvent(b, tb, { runId: "r", type: "b", data: { i } });
    }
    const all = await backend.readEvents(a, "0", read);
    expect(all.map((e) => e.data.i)).toEqual([...Array(50).keys()]);
    expect((await backend.readEvents(b, "0", read)).map((e) => e.type)).toEqual(
      Array(25).fill("b"),
    );
    const resumed = await backend.readEvents(a, all[41]?.id as string, read);
    expect(resumed.map((e) => e.data.i)).toEqual([42, 43, 44, 45, 46, 47, 48, 49]);
    const page = await backend.readEvents(a, all[9]?.id as string, { blockMs: 0, count: 3 });
    expect(page.map((e) => e.data.i)).toEqual([10, 11, 12]);
    await backend.close();
  });

  it("drops the oldest events past maxEventsPerSession; a resume from a dropped id gets the rest", async () => {
    const backend = new InMemoryBackend({ maxEventsPerSession: 5 });
    const token = (await backend.acquireLease(a, "r", 60_000)) as number;
    const ids: string[] = [];
    for (let i = 0; i < 300; i++) {
      ids.push((await backend.appendEvent(a, token, { runId: "r", type: "x", data: { i } }))!.id);
    }
    const kept = await backend.readEvents(a, "0", read);
    expect(kept.map((e) => e.data.i)).toEqual([295, 296, 297, 298, 299]);
    expect((await backend.readEvents(a, ids[10] as string, read)).map((e) => e.data.i)).toEqual([
      295, 296, 297, 298, 299,
    ]);
    expect((await backend.readEvents(a, ids[297] as string, read)).map((e) => e.data.i)).toEqual([
      298, 299,
    ]);
    // A blocked reader at the end wakes with the next event only.
    const waiting = backend.readEvents(a, ids[299] as string, { blockMs: 5_000, count: 10 });
    await backend.appendEvent(a, token, { runId: "r", type: "x", data: { i: 300 } });
    expect((await waiting).map((e) => e.data.i)).toEqual([300]);
    expect(await backend.deleteSession(a, token)).toBe(true);
    expect(await backend.readEvents(a, "0", read)).toEqual([]);
    await backend.close();
  });
});
