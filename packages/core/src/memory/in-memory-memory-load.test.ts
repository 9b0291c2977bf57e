import { describe, expect, it } from "vitest";
import { StateError } from "../errors/state-error.js";
import { Msg } from "../message/msg.js";
import { StateModule } from "../state/state-module.js";
import { InMemoryMemory } from "./in-memory-memory.js";

// A saved state of `n` messages of every usual kind, as JSON (the caller's own objects).
async function savedState(n: number) {
  const memory = new InMemoryMemory();
  const msgs = Array.from({ length: n }, (_, i) =>
    i % 2 === 0
      ? new Msg("user", `q${i}`, "user", { id: `m${i}`, metadata: { k: [i] }, timestamp: "t" })
      : new Msg(
          "assistant",
          [{ type: "tool_use", id: `c${i}`, name: "f", input: { q: [i] } }],
          "assistant",
          { id: `m${i}`, timestamp: "t" },
        ),
  );
  await memory.add(msgs, { marks: ["hint"] });
  return JSON.parse(JSON.stringify(memory.stateDict()));
}

class Holder extends StateModule {
  memory = new InMemoryMemory();
}

describe("InMemoryMemory.loadStateDict reading the caller's state in one walk", () => {
  it("loads what stateDict saved, message for message", async () => {
    const state = await savedState(6);
    const memory = new InMemoryMemory();
    memory.loadStateDict(state);
    expect(memory.stateDict()).toEqual(state);
  });

  it("is isolated from the caller's state: changing it afterwards changes nothing", async () => {
    const state = await savedState(4);
    const memory = new InMemoryMemory();
    memory.loadStateDict(state);
    const before = JSON.stringify(memory.stateDict());
    for (const [dict, marks] of state.content) {
      marks.push("later");
      dict.metadata.added = true;
      if (Array.isArray(dict.content)) dict.content[0].input.q.push("later");
      else dict.content = "later";
    }
    state.content.push(state.content[0]);
    expect(JSON.stringify(memory.stateDict())).toBe(before);
    for (const [msg] of memory.content) {
      expect(
        state.content.some(([dict]: [{ content: unknown }]) => dict.content === msg.content),
      ).toBe(false);
    }
  });

  it("fails a bad message in the middle with a typed error naming its field, and loads nothing", async () => {
    const state = await savedState(6);
    state.content[3][0].content[0].input = "not an object";
    const memory = new InMemoryMemory();
    await memory.add(new Msg("user", "keep", "user", { id: "keep" }));
    expect(() => memory.loadStateDict(state)).toThrow(StateError);
    expect(() => memory.loadStateDict(state)).toThrow(/content\[3\]\[0\]\.content\[0\]\.input/);
    expect((await memory.getMemory()).map((m) => m.id)).toEqual(["keep"]);
  });

  it("reports a value that is not JSON at its full path, as the copy of the whole state did", async () => {
    const state = await savedState(4);
    state.content[2][0].metadata.n = 1n;
    expect(() => new InMemoryMemory().loadStateDict(state)).toThrow(
      /Cannot load state into InMemoryMemory: the state dict is not plain JSON \('content\[2\]\[0\]\.metadata\.n' a bigint is not a JSON value/,
    );
    const nested = { memory: await savedState(4) };
    nested.memory.content[1][1] = ["hint", () => 1];
    expect(() => new Holder().loadStateDict(nested)).toThrow(
      /Cannot load state into Holder: the state dict is not plain JSON \('memory\.content\[1\]\[1\]\[1\]' a function/,
    );
  });

  it("loads through a parent module, isolated there too", async () => {
    const state = { memory: await savedState(3) };
    const holder = new Holder();
    holder.loadStateDict(state);
    state.memory.content[0][0].metadata.k.push("later");
    expect(holder.stateDict()).toEqual({ memory: await savedState(3) });
  });

  it("knows the loaded ids for the duplicate check and deletes, counting repeated ones", async () => {
    const state = await savedState(3);
    state.content.push(state.content[0]); // m0 twice (a memory filled with allowDuplicates)
    const memory = new InMemoryMemory();
    memory.loadStateDict(state);
    await memory.add(new Msg("user", "dup", "user", { id: "m1" }));
    expect(await memory.size()).toBe(4);
    expect(await memory.delete(["m0"])).toBe(2);
    await memory.add(new Msg("user", "again", "user", { id: "m0" }));
    await memory.add(new Msg("user", "dup", "user", { id: "m0" }));
    expect((await memory.getMemory()).map((m) => m.id)).toEqual(["m1", "m2", "m0"]);
  });

  it("still reports a tree of modules that contains itself, not a stack overflow", () => {
    class Loop extends StateModule {
      self: StateModule | undefined;
    }
    const loop = new Loop();
    loop.self = loop; // searched for rawJson keys before the memory below
    (loop as Loop & { memory?: InMemoryMemory }).memory = new InMemoryMemory();
    expect(() => loop.loadStateDict({ memory: { content: [] } })).toThrow(/contains itself/);
  });
});
