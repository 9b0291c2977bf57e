import { afterEach, describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import type { MemoryBase } from "../memory/memory-base.js";
import { Msg, type MsgRole } from "../message/msg.js";
import { unsortedKeysMsg } from "./unsorted-keys-msg.js";

/** How {@link describeMemorySuite} gets the memories it tests. */
export interface MemorySuiteOptions {
  /** A new, empty memory (its own session, for storage backends). */
  create: () => MemoryBase | Promise<MemoryBase>;
  /**
   * A second memory object on the same storage as `memory` (another process's view of the same
   * session); leave out for memories that live in one object only.
   */
  openPeer?: (memory: MemoryBase) => MemoryBase | Promise<MemoryBase>;
  /** Releases what `create`/`openPeer` opened (connections, rows); called after each test. */
  dispose?: (memory: MemoryBase) => void | Promise<void>;
}

const ROLES: MsgRole[] = ["user", "user", "assistant", "system"];

/** Ten messages with ids "0".."9", as in AgentScope's memory tests. */
function makeMsgs(): Msg[] {
  return Array.from(
    { length: 10 },
    (_, i) => new Msg(ROLES[i % 4] ?? "user", String(i), ROLES[i % 4] ?? "user", { id: String(i) }),
  );
}

const ids = (msgs: Msg[]) => msgs.map((m) => m.id);
const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => String(from + i));

/**
 * The behavioural suite every working memory passes (the one `InMemoryMemory` defines): adding,
 * duplicates, deleting, marks, the compressed summary, argument errors and concurrent appends.
 * Call it at the top level of a vitest file with a factory for fresh memories.
 */
export function describeMemorySuite(name: string, options: MemorySuiteOptions): void {
  const opened: MemoryBase[] = [];
  const fresh = async () => {
    const memory = await options.create();
    opened.push(memory);
    return memory;
  };
  afterEach(async () => {
    for (const memory of opened.splice(0)) await options.dispose?.(memory);
  });

  describe(`${name} (memory suite)`, () => {
    it("adds, deletes by id, counts and clears", async () => {
      const msgs = makeMsgs();
      const memory = await fresh();
      expect(await memory.getMemory()).toEqual([]);
      expect(await memory.size()).toBe(0);
      await memory.add(msgs.slice(0, 5));
      expect(ids(await memory.getMemory())).toEqual(range(0, 5));
      expect(await memory.delete(["2", "4"])).toBe(2);
      expect(ids(await memory.getMemory())).toEqual(["0", "1", "3"]);
      expect(await memory.size()).toBe(3);
      await memory.add(msgs.slice(5));
      expect(ids(await memory.getMemory())).toEqual(["0", "1", "3", "5", "6", "7", "8", "9"]);
      expect(await memory.delete(["nonexistent_id"])).toBe(0);
      expect(await memory.delete([])).toBe(0);
      expect(await memory.size()).toBe(8);
      await memory.clear();
      expect(await memory.size()).toBe(0);
      expect(await memory.getMemory()).toEqual([]);
    });

    it("accepts one message, a list, or null", async () => {
      const memory = await fresh();
      await memory.add(null);
      await memory.add(undefined);
      await memory.add(new Msg("user", "a", "user", { id: "a" }));
      await memory.add([new Msg("user", "b", "user", { id: "b" })]);
      await memory.add([]);
      expect(ids(await memory.getMemory())).toEqual(["a", "b"]);
    });

    it("keeps every field of a message and returns Msg objects", async () => {
      const memory = await fresh();
      const msg = new Msg(
        "assistant",
        [
          { type: "text", text: 'héllo ✓ "quoted"\n' },
          { type: "tool_use", id: "call_1", name: "add", input: { a: 1, b: [2, 3] } },
        ],
        "assistant",
        { metadata: { step: 1, nested: { ok: true } } },
      );
      await memory.add(msg);
      const [stored] = await memory.getMemory();
      expect(stored).toBeInstanceOf(Msg);
      expect(stored?.toDict()).toEqual(msg.toDict());
    });

    it("returns messages whose toDict() has the bytes of the one added (keys keep their order)", async () => {
      const memory = await fresh();
      const msg = unsortedKeysMsg();
      await memory.add(msg);
      const [stored] = await memory.getMemory();
      expect(JSON.stringify(stored?.toDict())).toBe(JSON.stringify(msg.toDict()));
    });

    it("skips messages whose id is already stored unless allowDuplicates", async () => {
      const msgs = makeMsgs();
      const memory = await fresh();
      await memory.add(msgs.slice(0, 8));
      await memory.add(msgs.slice(5));
      expect(ids(await memory.getMemory())).toEqual(range(0, 10));
      await memory.add(msgs[0] as Msg, { allowDuplicates: true });
      expect(ids(await memory.getMemory())).toEqual([...range(0, 10), "0"]);
      // Deleting by id removes every copy; the id may then be added again.
      expect(await memory.delete(["0"])).toBe(2);
      await memory.add(msgs[0] as Msg);
      expect(ids(await memory.getMemory())).toEqual([...range(1, 10), "0"]);
    });

    it("checks duplicates against what was stored before the call", async () => {
      const memory = await fresh();
      await memory.add([
        new Msg("user", "a", "user", { id: "same" }),
        new Msg("user", "b", "user", { id: "same" }),
      ]);
      expect(await memory.size()).toBe(2);
      await memory.add(new Msg("user", "c", "user", { id: "same" }));
      expect(await memory.size()).toBe(2);
    });

    it("stores copies, so later changes to the added message do not leak in", async () => {
      const memory = await fresh();
      const msg = new Msg("assistant", [{ type: "text", text: "before" }], "assistant", {
        metadata: { step: 1 },
      });
      await memory.add(msg);
      msg.content = "after";
      msg.metadata.step = 2;
      const [stored] = await memory.getMemory();
      expect(stored?.content).toEqual([{ type: "text", text: "before" }]);
      expect(stored?.metadata).toEqual({ step: 1 });
      expect(stored?.id).toBe(msg.id);
      expect(stored?.timestamp).toBe(msg.timestamp);
    });

    it("rejects bad arguments with errors naming the field", async () => {
      const memory = await fresh();
      await expect(memory.add({ role: "user" } as unknown as Msg)).rejects.toThrow(
        /memories: expected a Msg, received object/,
      );
      await expect(
        memory.add(new Msg("user", "x", "user"), { marks: [1] as unknown as string[] }),
      ).rejects.toThrow(/marks\[0\]: expected string, received number/);
      await expect(memory.getMemory({ mark: 3 as unknown as string })).rejects.toThrow(
        ValidationError,
      );
      await expect(memory.deleteByMark(null as unknown as string)).rejects.toThrow(
        /mark: expected/,
      );
      expect(await memory.size()).toBe(0);
    });

    it("filters, excludes, updates and deletes by mark", async () => {
      const msgs = makeMsgs();
      const memory = await fresh();
      await memory.add(msgs.slice(0, 5));
      expect(await memory.getMemory({ mark: "nonexistent" })).toEqual([]);
      await memory.add(msgs.slice(5, 7), { marks: ["important", "todo"] });
      await memory.add(msgs.slice(7), { marks: "important" });

      expect(ids(await memory.getMemory({ mark: "important" }))).toEqual(range(5, 10));
      expect(ids(await memory.getMemory({ mark: "todo" }))).toEqual(["5", "6"]);
      expect(ids(await memory.getMemory({ excludeMark: "todo" }))).toEqual([
        ...range(0, 5),
        "7",
        "8",
        "9",
      ]);
      expect(ids(await memory.getMemory({ excludeMark: "important" }))).toEqual(range(0, 5));
      expect(ids(await memory.getMemory({ mark: "important", excludeMark: "todo" }))).toEqual([
        "7",
        "8",
        "9",
      ]);

      await memory.add([
        new Msg("user", "10", "user", { id: "10" }),
        new Msg("user", "11", "user", { id: "11" }),
      ]);
      expect(ids(await memory.getMemory())).toEqual(range(0, 12));

      expect(await memory.updateMessagesMark({ msgIds: ["0", "1", "2"], newMark: "review" })).toBe(
        3,
      );
      expect(ids(await memory.getMemory({ mark: "review" }))).toEqual(["0", "1", "2"]);

      await memory.updateMessagesMark({ msgIds: ["6", "7", "9"], newMark: "unread" });
      expect(ids(await memory.getMemory({ mark: "unread" }))).toEqual(["6", "7", "9"]);
      expect(ids(await memory.getMemory({ mark: "important" }))).toEqual(range(5, 10));

      expect(
        await memory.updateMessagesMark({
          msgIds: ["5", "7"],
          oldMark: "important",
          newMark: null,
        }),
      ).toBe(2);
      expect(ids(await memory.getMemory({ mark: "important" }))).toEqual(["6", "8", "9"]);

      await memory.updateMessagesMark({
        msgIds: ["6", "8"],
        oldMark: "important",
        newMark: "archived",
      });
      expect(ids(await memory.getMemory({ mark: "important" }))).toEqual(["9"]);
      expect(ids(await memory.getMemory({ mark: "archived" }))).toEqual(["6", "8"]);

      expect(await memory.deleteByMark("important")).toBe(1);
      expect(await memory.getMemory({ mark: "important" })).toEqual([]);
      expect(ids(await memory.getMemory())).toEqual([...range(0, 9), "10", "11"]);

      expect(await memory.deleteByMark(["review", "archived"])).toBe(5);
      expect(ids(await memory.getMemory())).toEqual(["3", "4", "5", "7", "10", "11"]);
      expect(await memory.deleteByMark("nonexistent")).toBe(0);

      await memory.clear();
      expect(await memory.getMemory()).toEqual([]);
      expect(await memory.getMemory({ mark: "unread" })).toEqual([]);
    });

    it("returns marked messages in the order they were added, not the order marked", async () => {
      const memory = await fresh();
      await memory.add(makeMsgs().slice(0, 4));
      await memory.updateMessagesMark({ msgIds: ["3"], newMark: "m" });
      await memory.updateMessagesMark({ msgIds: ["1"], newMark: "m" });
      expect(ids(await memory.getMemory({ mark: "m" }))).toEqual(["1", "3"]);
    });

    it("updates marks of every message when no filter is given, never twice", async () => {
      const memory = await fresh();
      await memory.add(makeMsgs().slice(0, 3), { marks: "a" });
      expect(await memory.updateMessagesMark({ newMark: "b" })).toBe(3);
      expect(await memory.updateMessagesMark({ newMark: "b" })).toBe(0);
      // removing with no old mark changes nothing, as in AgentScope
      expect(await memory.updateMessagesMark({ newMark: null })).toBe(0);
      expect(ids(await memory.getMemory({ mark: "a" }))).toEqual(["0", "1", "2"]);
      expect(ids(await memory.getMemory({ mark: "b" }))).toEqual(["0", "1", "2"]);
    });

    it("gives each message its own mark list", async () => {
      const memory = await fresh();
      const marks = ["shared"];
      await memory.add(makeMsgs().slice(0, 2), { marks });
      marks.push("leak");
      await memory.updateMessagesMark({ msgIds: ["0"], newMark: "only-first" });
      expect(ids(await memory.getMemory({ mark: "only-first" }))).toEqual(["0"]);
      expect(ids(await memory.getMemory({ mark: "shared" }))).toEqual(["0", "1"]);
      expect(await memory.getMemory({ mark: "leak" })).toEqual([]);
    });

    it("prepends the compressed summary as a user message unless asked not to", async () => {
      const memory = await fresh();
      await memory.updateCompressedSummary("abc");
      expect(await memory.getMemory()).toHaveLength(1);
      await memory.updateCompressedSummary("");
      expect(await memory.getMemory()).toHaveLength(0);

      await memory.add(makeMsgs().slice(0, 3));
      await memory.updateMessagesMark({ msgIds: ["0", "1"], newMark: "compressed" });
      await memory.updateCompressedSummary("<system-info>summary</system-info>");
      const [summary, rest, ...more] = await memory.getMemory({ excludeMark: "compressed" });
      expect(more).toEqual([]);
      expect(summary?.name).toBe("user");
      expect(summary?.role).toBe("user");
      expect(summary?.content).toBe("<system-info>summary</system-info>");
      expect(rest?.id).toBe("2");
      expect(ids(await memory.getMemory({ prependSummary: false }))).toEqual(["0", "1", "2"]);
      expect(await memory.size()).toBe(3);
      expect(memory.stateDict()._compressed_summary).toBe("<system-info>summary</system-info>");
    });

    it("loses nothing when many adds run at once, and keeps one order", async () => {
      const memory = await fresh();
      const peer = options.openPeer ? await options.openPeer(memory) : memory;
      if (peer !== memory) opened.push(peer);
      const batch = (who: string) =>
        Array.from(
          { length: 20 },
          (_, i) => new Msg(who, `${who}${i}`, "user", { id: `${who}${i}` }),
        );
      const a = batch("a");
      const b = batch("b");
      await Promise.all([
        ...a.map((m) => memory.add(m)),
        ...b.map((m) => peer.add(m)),
        // the same messages again from the other side: each stored once
        ...a.slice(0, 5).map((m) => peer.add(m)),
      ]);
      const seen = ids(await memory.getMemory());
      expect(seen).toHaveLength(40);
      expect(new Set(seen)).toEqual(new Set([...ids(a), ...ids(b)]));
      // each appender's own messages stay in the order it added them
      expect(seen.filter((id) => id.startsWith("a"))).toEqual(ids(a));
      expect(seen.filter((id) => id.startsWith("b"))).toEqual(ids(b));
      expect(ids(await peer.getMemory())).toEqual(seen);
      expect(await peer.size()).toBe(40);
    });
  });
}
