import { describe, expect, it } from "vitest";
import { StateError } from "../errors/state-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { Msg, type MsgRole } from "../message/msg.js";
import { StateModule } from "../state/state-module.js";
import pythonState from "./__fixtures__/in-memory-memory-state.json" with { type: "json" };
import { InMemoryMemory } from "./in-memory-memory.js";

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

describe("InMemoryMemory basics", () => {
  it("adds, deletes by id, counts and clears", async () => {
    const msgs = makeMsgs();
    const memory = new InMemoryMemory();
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
    expect(await memory.size()).toBe(8);

    await memory.clear();
    expect(await memory.size()).toBe(0);
  });

  it("accepts one message, a list, or null", async () => {
    const memory = new InMemoryMemory();
    await memory.add(null);
    await memory.add(undefined);
    await memory.add(new Msg("user", "a", "user", { id: "a" }));
    await memory.add([new Msg("user", "b", "user", { id: "b" })]);
    expect(ids(await memory.getMemory())).toEqual(["a", "b"]);
  });

  it("skips messages whose id is already stored unless allowDuplicates", async () => {
    const msgs = makeMsgs();
    const memory = new InMemoryMemory();
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

  it("checks duplicates against what was stored before the call, as AgentScope does", async () => {
    const memory = new InMemoryMemory();
    const a = new Msg("user", "a", "user", { id: "same" });
    const b = new Msg("user", "b", "user", { id: "same" });
    await memory.add([a, b]);
    expect(await memory.size()).toBe(2);
    await memory.add(new Msg("user", "c", "user", { id: "same" }));
    expect(await memory.size()).toBe(2);
  });

  it("stores copies, so later changes to the added message do not leak in", async () => {
    const memory = new InMemoryMemory();
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
    const memory = new InMemoryMemory();
    await expect(memory.add({ role: "user" } as unknown as Msg)).rejects.toThrow(
      /memories: expected a Msg, received object/,
    );
    await expect(
      memory.add(new Msg("user", "x", "user"), { marks: [1] as unknown as string[] }),
    ).rejects.toThrow(/marks\[0\]: expected string, received number/);
    await expect(memory.getMemory({ mark: 3 as unknown as string })).rejects.toThrow(
      ValidationError,
    );
    await expect(memory.deleteByMark(null as unknown as string)).rejects.toThrow(/mark: expected/);
    await expect(memory.updateCompressedSummary(5 as unknown as string)).rejects.toThrow(
      /summary: expected string/,
    );
  });
});

describe("InMemoryMemory marks", () => {
  it("filters, excludes, updates and deletes by mark (AgentScope's mark tests)", async () => {
    const msgs = makeMsgs();
    const memory = new InMemoryMemory();
    await memory.add(msgs.slice(0, 5));
    expect(ids(await memory.getMemory())).toEqual(range(0, 5));
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

    // add a mark
    expect(await memory.updateMessagesMark({ msgIds: ["0", "1", "2"], newMark: "review" })).toBe(3);
    expect(ids(await memory.getMemory({ mark: "review" }))).toEqual(["0", "1", "2"]);

    // several marks on one message
    await memory.updateMessagesMark({ msgIds: ["6", "7", "9"], newMark: "unread" });
    expect(ids(await memory.getMemory({ mark: "unread" }))).toEqual(["6", "7", "9"]);
    expect(ids(await memory.getMemory({ mark: "important" }))).toEqual(range(5, 10));

    // remove a mark
    expect(
      await memory.updateMessagesMark({ msgIds: ["5", "7"], oldMark: "important", newMark: null }),
    ).toBe(2);
    expect(ids(await memory.getMemory({ mark: "important" }))).toEqual(["6", "8", "9"]);

    // replace a mark
    await memory.updateMessagesMark({
      msgIds: ["6", "8"],
      oldMark: "important",
      newMark: "archived",
    });
    expect(ids(await memory.getMemory({ mark: "important" }))).toEqual(["9"]);
    expect(ids(await memory.getMemory({ mark: "archived" }))).toEqual(["6", "8"]);

    // delete by mark
    expect(await memory.deleteByMark("important")).toBe(1);
    expect(await memory.getMemory({ mark: "important" })).toEqual([]);
    expect(ids(await memory.getMemory())).toEqual([...range(0, 9), "10", "11"]);

    expect(await memory.deleteByMark(["review", "archived"])).toBe(5);
    expect(ids(await memory.getMemory())).toEqual(["3", "4", "5", "7", "10", "11"]);

    await memory.clear();
    expect(await memory.getMemory()).toEqual([]);
  });

  it("updates marks of every message when no filter is given, never twice", async () => {
    const memory = new InMemoryMemory();
    await memory.add(makeMsgs().slice(0, 3), { marks: "a" });
    expect(await memory.updateMessagesMark({ newMark: "b" })).toBe(3);
    expect(await memory.updateMessagesMark({ newMark: "b" })).toBe(0);
    // removing with no old mark changes nothing, as in AgentScope
    expect(await memory.updateMessagesMark({ newMark: null })).toBe(0);
    expect(memory.content.map(([, marks]) => marks)).toEqual([
      ["a", "b"],
      ["a", "b"],
      ["a", "b"],
    ]);
  });

  it("gives each message its own mark list", async () => {
    const memory = new InMemoryMemory();
    const marks = ["shared"];
    await memory.add(makeMsgs().slice(0, 2), { marks });
    marks.push("leak");
    await memory.updateMessagesMark({ msgIds: ["0"], newMark: "only-first" });
    expect(memory.content.map(([, m]) => m)).toEqual([["shared", "only-first"], ["shared"]]);
  });
});

describe("InMemoryMemory compressed summary", () => {
  it("prepends the summary as a user message named 'user' unless asked not to", async () => {
    const memory = new InMemoryMemory();
    await memory.updateCompressedSummary("abc");
    expect(await memory.getMemory()).toHaveLength(1);
    await memory.updateCompressedSummary("");
    expect(await memory.getMemory()).toHaveLength(0);

    await memory.add(makeMsgs().slice(0, 3));
    await memory.updateMessagesMark({ msgIds: ["0", "1"], newMark: "compressed" });
    await memory.updateCompressedSummary("<system-info>summary</system-info>");
    expect(memory.compressedSummary).toBe("<system-info>summary</system-info>");

    const msgs = await memory.getMemory({ excludeMark: "compressed" });
    expect(msgs).toHaveLength(2);
    const [summary, rest] = msgs;
    expect(summary?.name).toBe("user");
    expect(summary?.role).toBe("user");
    expect(summary?.content).toBe("<system-info>summary</system-info>");
    expect(rest?.id).toBe("2");

    expect(ids(await memory.getMemory({ prependSummary: false }))).toEqual(["0", "1", "2"]);
    // the summary is not a stored message
    expect(await memory.size()).toBe(3);
  });
});

describe("InMemoryMemory state", () => {
  it("saves the same JSON as AgentScope Python", async () => {
    const memory = new InMemoryMemory();
    const msg = new Msg("user", "1", "user");
    await memory.add(msg);
    const entry = [
      {
        id: msg.id,
        name: "user",
        role: "user",
        content: "1",
        metadata: {},
        timestamp: msg.timestamp,
      },
      [],
    ];
    expect(memory.stateDict()).toEqual({ _compressed_summary: "", content: [entry] });
    expect(Object.keys(memory.stateDict())).toEqual(["_compressed_summary", "content"]);

    await memory.updateCompressedSummary("Hello World!");
    const saved = memory.stateDict();
    expect(saved).toEqual({ _compressed_summary: "Hello World!", content: [entry] });

    await memory.updateCompressedSummary("");
    await memory.clear();
    expect(memory.stateDict()).toEqual({ _compressed_summary: "", content: [] });

    memory.loadStateDict(saved);
    expect(memory.stateDict()).toEqual({ _compressed_summary: "Hello World!", content: [entry] });
    expect(memory.compressedSummary).toBe("Hello World!");
  });

  it("loads a state saved by AgentScope Python and saves it back unchanged", async () => {
    const memory = new InMemoryMemory();
    memory.loadStateDict(structuredClone(pythonState));

    expect(await memory.size()).toBe(5);
    expect(memory.compressedSummary).toBe(pythonState._compressed_summary);
    expect(JSON.parse(JSON.stringify(memory.stateDict()))).toEqual(pythonState);

    const visible = await memory.getMemory({ excludeMark: "compressed" });
    expect(visible.map((m) => m.id)).toEqual([
      expect.any(String),
      "P6yTg3hWk9Zr2QnV5xCj7a",
      "bX4mK8qRs2Tv6Wy9Zc3Hn5",
      "hR7nE2wQ5tY8uP3kL6mJ9c",
    ]);
    expect(visible[0]?.content).toBe(pythonState._compressed_summary);
    expect(ids(await memory.getMemory({ mark: "review", prependSummary: false }))).toEqual([
      "bX4mK8qRs2Tv6Wy9Zc3Hn5",
    ]);
    const [toolCall] = await memory.getMemory({ mark: "compressed", prependSummary: false });
    expect(toolCall?.id).toBe("4ZKqYbrnQ8XcV3mJ2aTf9h");

    // hint messages are removed after use, as the ReAct agent does
    expect(await memory.deleteByMark("hint")).toBe(1);
    // the duplicate check knows the loaded ids
    await memory.add(new Msg("user", "again", "user", { id: "P6yTg3hWk9Zr2QnV5xCj7a" }));
    expect(await memory.size()).toBe(4);
  });

  it("round-trips through a parent module and JSON text", async () => {
    class Holder extends StateModule {
      memory = new InMemoryMemory();
    }
    const a = new Holder();
    a.memory.loadStateDict(structuredClone(pythonState));
    const text = JSON.stringify(a.stateDict());
    const b = new Holder();
    b.loadStateDict(JSON.parse(text));
    expect(b.stateDict()).toEqual(a.stateDict());
    expect(b.stateDict()).toEqual({ memory: pythonState });
  });

  it("keeps no object of the state it loaded (the messages hold their own copy)", async () => {
    const dict = {
      id: "a",
      name: "u",
      role: "user",
      content: [{ type: "text", text: "x" }],
      metadata: { k: [1] },
      timestamp: "t",
    };
    const marks = ["m"];
    const state = { _compressed_summary: "", content: [[dict, marks]] };
    const memory = new InMemoryMemory();
    memory.loadStateDict(state);
    dict.content[0] = { type: "text", text: "changed" };
    dict.metadata.k.push(2);
    marks.push("n");
    expect(memory.stateDict()).toEqual({
      _compressed_summary: "",
      content: [[{ ...dict, content: [{ type: "text", text: "x" }], metadata: { k: [1] } }, ["m"]]],
    });
  });

  it("loads the older formats AgentScope accepts", async () => {
    const memory = new InMemoryMemory();
    // no summary (saved before compression existed), bare message dicts (before marks existed)
    memory.loadStateDict({
      content: [
        { id: "x", name: "user", role: "user", content: "old", metadata: {}, timestamp: "t" },
      ],
    });
    expect(memory.compressedSummary).toBe("");
    expect(memory.content.map(([m, marks]) => [m.id, marks])).toEqual([["x", []]]);
    expect(memory.stateDict()).toEqual({
      _compressed_summary: "",
      content: [
        [{ id: "x", name: "user", role: "user", content: "old", metadata: {}, timestamp: "t" }, []],
      ],
    });
  });

  it("requires content when strict and leaves the memory unchanged on a bad state", async () => {
    const memory = new InMemoryMemory();
    await memory.add(new Msg("user", "keep", "user", { id: "keep" }));
    expect(() => memory.loadStateDict({ _compressed_summary: "s" })).toThrow(StateError);
    expect(() => memory.loadStateDict({ _compressed_summary: "s" })).toThrow(
      /'content' is missing/,
    );

    expect(() =>
      memory.loadStateDict({
        _compressed_summary: "s",
        content: [[{ id: "y", name: "user", role: "robot", content: "x" }, []]],
      }),
    ).toThrow(/content\[0\]\[0\]\.role/);
    expect(() =>
      memory.loadStateDict({
        _compressed_summary: "s",
        content: [[{ name: "u", role: "user", content: "x" }, "hint"]],
      }),
    ).toThrow(/content\[0\]\[1\]: expected a list of marks, received string/);
    expect(() => memory.loadStateDict({ _compressed_summary: 3, content: [] })).toThrow(
      /_compressed_summary/,
    );
    expect(ids(await memory.getMemory())).toEqual(["keep"]);
    expect(memory.compressedSummary).toBe("");

    // not strict: a missing content means an empty memory, as in AgentScope
    memory.loadStateDict({ _compressed_summary: "s" }, false);
    expect(await memory.size()).toBe(0);
    expect(memory.compressedSummary).toBe("s");
  });
});
