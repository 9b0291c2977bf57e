import { describe, expect, it } from "vitest";
import { Msg } from "../message/msg.js";
import { InMemoryMemory } from "./in-memory-memory.js";
import { MemoryBase } from "./memory-base.js";
import { readMemoryHistory } from "./read-memory-history.js";

const user = (text: string) => new Msg("user", text, "user");

/** A memory that does not track editVersion (a shared backend). */
class Untracked extends MemoryBase {
  async add(): Promise<void> {}
  async delete(): Promise<number> {
    return 0;
  }
  async size(): Promise<number> {
    return 0;
  }
  async clear(): Promise<void> {}
  async getMemory(): Promise<Msg[]> {
    return [user("hi")];
  }
}

describe("readMemoryHistory", () => {
  it("returns the messages and a history whose epoch moves with edits and options, not appends", async () => {
    const memory = new InMemoryMemory();
    await memory.add(user("a"), { marks: "hint" });
    const first = await readMemoryHistory(memory, { excludeMark: "hint" }, 1);
    expect(first.msgs).toEqual([]);
    expect(first.history).toMatchObject({ source: memory, start: 1 });
    await memory.add(user("b"));
    const appended = await readMemoryHistory(memory, { excludeMark: "hint" }, 1);
    expect(appended.msgs.map((m) => m.getTextContent())).toEqual(["b"]);
    expect(appended.history?.epoch).toBe(first.history?.epoch);
    const otherOptions = await readMemoryHistory(memory, {}, 1);
    expect(otherOptions.history?.epoch).not.toBe(first.history?.epoch);
    await memory.deleteByMark("hint");
    const edited = await readMemoryHistory(memory, { excludeMark: "hint" }, 1);
    expect(edited.history?.epoch).not.toBe(first.history?.epoch);
  });

  it("gives no history for a memory without editVersion or one edited while it was read", async () => {
    expect((await readMemoryHistory(new Untracked(), {}, 1)).history).toBeUndefined();
    const memory = new InMemoryMemory();
    await memory.add([user("a"), user("b")]);
    const getMemory = memory.getMemory.bind(memory);
    memory.getMemory = async (options) => {
      const msgs = await getMemory(options);
      await memory.delete([(msgs[0] as Msg).id]);
      return msgs;
    };
    const read = await readMemoryHistory(memory, {}, 1);
    expect(read.msgs).toHaveLength(2);
    expect(read.history).toBeUndefined();
  });
});
