import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SessionError, StateError } from "../errors/state-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { InMemoryMemory } from "../memory/in-memory-memory.js";
import { Msg } from "../message/msg.js";
import { StateModule } from "../state/state-module.js";
import { JSONSession } from "./json-session.js";

// JSONSession hands the states it parsed to the modules without a copy (`handsOverStates`); these
// tests hold that path to what the copying `loadStateDict` does.

/** An agent-like module: a memory, then a counter that must be a number (checked on load). */
class Holder extends StateModule {
  memory = new InMemoryMemory();
  turns = 0;
  constructor() {
    super();
    this.registerState("turns", undefined, (json) => {
      if (typeof json !== "number") throw new StateError("turns must be a number");
      return json;
    });
  }
}

function history(): Msg[] {
  return [
    new Msg("user", "hello", "user", { id: "m0", metadata: { k: [1] }, timestamp: "t0" }),
    new Msg(
      "assistant",
      [
        { type: "text", text: "looking" },
        { type: "tool_use", id: "c1", name: "search", input: { q: "x" } },
      ],
      "assistant",
      { id: "m1", timestamp: "t1" },
    ),
    new Msg(
      "system",
      [{ type: "tool_result", id: "c1", name: "search", output: [{ type: "text", text: "r" }] }],
      "system",
      { id: "m2", timestamp: "t2" },
    ),
  ];
}

const causes = (error: unknown): unknown[] => {
  const out: unknown[] = [];
  for (let e = error; e !== undefined; e = (e as { cause?: unknown }).cause) out.push(e);
  return out;
};

let dir: string;
let session: JSONSession;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "as-json-session-load-"));
  session = new JSONSession({ saveDir: dir });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function savedHolder(): Promise<Holder> {
  const holder = new Holder();
  holder.turns = 3;
  await holder.memory.add(history().slice(0, 2), { marks: ["hint"] });
  await holder.memory.add(history().slice(2));
  await session.save("s1", { agent: holder });
  return holder;
}

describe("JSONSession.load hands the parsed state over", () => {
  it("yields the same memory as the copying loadStateDict of the same file", async () => {
    await savedHolder();
    const file = JSON.parse(await readFile(join(dir, "s1.json"), "utf8"));
    const copied = new Holder();
    copied.loadStateDict(file.agent);
    const handed = new Holder();
    expect(await session.load("s1", { agent: handed })).toBe(true);

    expect(handed.stateDict()).toEqual(copied.stateDict());
    expect(handed.turns).toBe(3);
    const [a, b] = [await handed.memory.getMemory(), await copied.memory.getMemory()];
    expect(a.map((m) => m.toDict())).toEqual(b.map((m) => m.toDict()));
    expect(a.every((m) => m instanceof Msg)).toBe(true);
    expect(handed.memory.content.map(([, marks]) => marks)).toEqual([["hint"], ["hint"], []]);

    // Both behave the same afterwards: the id index, marks and deletes work on the handed-over one.
    for (const memory of [handed.memory, copied.memory]) {
      await memory.add(history()[0] as Msg); // a duplicate id: skipped
      expect(await memory.size()).toBe(3);
      expect(await memory.updateMessagesMark({ newMark: "seen", msgIds: ["m2"] })).toBe(1);
      expect(await memory.delete(["m1"])).toBe(1);
    }
    expect(handed.stateDict()).toEqual(copied.stateDict());
  });

  it("loads a memory saved on its own, and refuses a bad mark with its path", async () => {
    const memory = new InMemoryMemory();
    await memory.add(history(), { marks: ["m"] });
    await session.save("solo", { memory });
    const loaded = new InMemoryMemory();
    await session.load("solo", { memory: loaded });
    expect(loaded.stateDict()).toEqual(memory.stateDict());

    const file = JSON.parse(await readFile(join(dir, "solo.json"), "utf8"));
    file.memory.content[1][1] = ["m", 7];
    await writeFile(join(dir, "solo.json"), JSON.stringify(file));
    const error = await session.load("solo", { memory: loaded }).catch((e: unknown) => e);
    const validation = causes(error).find((e) => e instanceof ValidationError) as ValidationError;
    expect(validation.issues.map((i) => i.path)).toEqual(["content[1][1][1]"]);
    expect(loaded.stateDict()).toEqual(memory.stateDict());
  });

  it("reads a bare message dict (the old layout) as an unmarked message, as the copy does", async () => {
    const dict = (history()[0] as Msg).toDict();
    await writeFile(
      join(dir, "old.json"),
      JSON.stringify({ agent: { memory: { content: [dict] }, turns: 1 } }),
    );
    const holder = new Holder();
    await session.load("old", { agent: holder });
    expect(holder.memory.content.map(([m, marks]) => [m.toDict(), marks])).toEqual([[dict, []]]);
  });

  it("a bad message is a ValidationError naming the field, and the memory stays as it was", async () => {
    const saved = await savedHolder();
    const file = JSON.parse(await readFile(join(dir, "s1.json"), "utf8"));
    file.agent.memory.content[2][0].role = "bot";
    await writeFile(join(dir, "s1.json"), JSON.stringify(file));

    const holder = new Holder();
    await holder.memory.add(new Msg("user", "kept", "user", { id: "k" }));
    const before = await holder.memory.getMemory();
    const error = await session.load("s1", { agent: holder }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(SessionError);
    const validation = causes(error).find((e) => e instanceof ValidationError) as ValidationError;
    expect(validation).toBeInstanceOf(ValidationError);
    expect(validation.issues.map((i) => i.path)).toEqual(["content[2][0].role"]);
    expect((error as Error).message).toContain("content[2][0].role");
    // Nothing half-read reached the memory: the same messages, nothing more.
    expect((await holder.memory.getMemory()).map((m) => m.toDict())).toEqual(
      before.map((m) => m.toDict()),
    );
    expect(holder.turns).toBe(0);
    expect(saved.turns).toBe(3);
  });

  it("rolls back to a copy: messages held before the load share nothing with the memory after", async () => {
    await savedHolder();
    const file = JSON.parse(await readFile(join(dir, "s1.json"), "utf8"));
    file.agent.turns = "three"; // fails after the memory was loaded from the handed-over state
    await writeFile(join(dir, "s1.json"), JSON.stringify(file));

    const holder = new Holder();
    await holder.memory.add(new Msg("user", "kept", "user", { id: "k", metadata: { n: 1 } }));
    const [held] = await holder.memory.getMemory();
    await expect(session.load("s1", { agent: holder })).rejects.toBeInstanceOf(SessionError);

    const [after] = await holder.memory.getMemory();
    expect(after?.toDict()).toEqual(held?.toDict());
    (held as Msg).metadata.n = 2;
    expect(after?.metadata).toEqual({ n: 1 });
  });
});
