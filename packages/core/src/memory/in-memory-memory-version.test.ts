import { describe, expect, it } from "vitest";
import { Msg } from "../message/msg.js";
import { InMemoryMemory } from "./in-memory-memory.js";

const msg = (id: string) => new Msg("user", id, "user", { id });

/** Runs `mutate` and returns whether it changed `memory.version`. */
async function bumps(memory: InMemoryMemory, mutate: () => unknown): Promise<boolean> {
  const before = memory.version;
  await mutate();
  return memory.version !== before;
}

describe("InMemoryMemory.version", () => {
  it("changes on every mutation path", async () => {
    const memory = new InMemoryMemory();
    expect(await bumps(memory, () => memory.add([msg("a"), msg("b"), msg("c")]))).toBe(true);
    expect(
      await bumps(memory, () => memory.updateMessagesMark({ newMark: "hint", msgIds: ["a"] })),
    ).toBe(true);
    expect(
      await bumps(memory, () => memory.updateMessagesMark({ newMark: "x", oldMark: "hint" })),
    ).toBe(true);
    expect(
      await bumps(memory, () => memory.updateMessagesMark({ newMark: null, oldMark: "x" })),
    ).toBe(true);
    await memory.updateMessagesMark({ newMark: "m", msgIds: ["b"] });
    expect(await bumps(memory, () => memory.deleteByMark("m"))).toBe(true);
    expect(await bumps(memory, () => memory.delete(["a"]))).toBe(true);
    expect(await bumps(memory, () => memory.updateCompressedSummary("older turns"))).toBe(true);
    const state = memory.stateDict();
    expect(await bumps(memory, () => memory.clear())).toBe(true);
    expect(await bumps(memory, () => memory.loadStateDict(state))).toBe(true);
    expect(
      await bumps(memory, () => {
        memory.content = [[msg("z"), []]];
      }),
    ).toBe(true);
  });

  it("stays put when nothing changes", async () => {
    const memory = new InMemoryMemory();
    await memory.add([msg("a")], { marks: "hint" });
    expect(await bumps(memory, () => memory.add(msg("a")))).toBe(false);
    expect(await bumps(memory, () => memory.add(null))).toBe(false);
    expect(await bumps(memory, () => memory.delete(["nope"]))).toBe(false);
    expect(await bumps(memory, () => memory.deleteByMark("other"))).toBe(false);
    expect(await bumps(memory, () => memory.updateMessagesMark({ newMark: "hint" }))).toBe(false);
    expect(await bumps(memory, () => memory.getMemory())).toBe(false);
    expect(await bumps(memory, () => memory.size())).toBe(false);
    expect(await bumps(memory, () => memory.stateDict())).toBe(false);
  });

  it("moves editVersion on every mutation but appending", async () => {
    const memory = new InMemoryMemory();
    const edits = async (mutate: () => unknown): Promise<boolean> => {
      const before = memory.editVersion;
      await mutate();
      return memory.editVersion !== before;
    };
    expect(await edits(() => memory.add([msg("a"), msg("b"), msg("c")]))).toBe(false);
    expect(await edits(() => memory.add(msg("d"), { marks: "hint", allowDuplicates: true }))).toBe(
      false,
    );
    expect(await edits(() => memory.deleteByMark("hint"))).toBe(true);
    expect(await edits(() => memory.deleteByMark("hint"))).toBe(false); // nothing removed
    expect(await edits(() => memory.updateMessagesMark({ newMark: "x", msgIds: ["a"] }))).toBe(
      true,
    );
    expect(await edits(() => memory.delete(["a"]))).toBe(true);
    expect(await edits(() => memory.updateCompressedSummary("older turns"))).toBe(true);
    const state = memory.stateDict();
    expect(await edits(() => memory.clear())).toBe(true);
    expect(await edits(() => memory.loadStateDict(state))).toBe(true);
    expect(
      await edits(() => {
        memory.content = [...memory.content];
      }),
    ).toBe(true);
  });

  it("is null on a memory that does not track it", async () => {
    const { MemoryBase } = await import("./memory-base.js");
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
        return [];
      }
    }
    const memory = new Untracked();
    await memory.updateCompressedSummary("s");
    expect(memory.version).toBeNull();
    expect(memory.editVersion).toBeNull();
  });
});
