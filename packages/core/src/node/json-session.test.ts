import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Lets a test make the next write of a temporary session file fail half-way, like a full disk.
const disk = vi.hoisted(() => ({ failTmpWrites: false }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...real,
    open: async (...args: Parameters<typeof real.open>) => {
      const handle = await real.open(...args);
      if (disk.failTmpWrites && String(args[0]).endsWith(".tmp")) {
        handle.writeFile = async (data: unknown) => {
          await handle.write(String(data).slice(0, 10));
          throw Object.assign(new Error("ENOSPC: no space left on device, write"), {
            code: "ENOSPC",
          });
        };
      }
      return handle;
    },
  };
});

import { SessionError } from "../errors/state-error.js";
import { Msg } from "../message/msg.js";
import { StateModule } from "../state/state-module.js";
import { JSONSession } from "./json-session.js";

/** A stand-in memory in the v1 InMemoryMemory layout: content = [[msgDict, marks], ...]. */
class Memory extends StateModule {
  content: [Msg, string[]][] = [];
  constructor() {
    super();
    this.registerState(
      "content",
      (c: [Msg, string[]][]) => c.map(([m, marks]) => [m.toDict(), marks]),
      (json) => (json as [unknown, string[]][]).map(([d, marks]) => [Msg.fromDict(d), marks]),
    );
  }
}

class Agent extends StateModule {
  memory = new Memory();
  name: string;
  turns = 0;
  constructor(name = "Friday") {
    super();
    this.name = name;
    this.registerState("name");
    this.registerState("turns");
  }
}

class Settings extends StateModule {
  language = "en";
  verbose = true;
  constructor() {
    super();
    this.registerState("language");
    this.registerState("verbose");
  }
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "as-session-"));
});
afterEach(async () => {
  disk.failTmpWrites = false;
  await rm(dir, { recursive: true, force: true });
});

describe("JSONSession", () => {
  it("uses AgentScope's file layout: <dir>/<session>.json and <dir>/<user>_<session>.json", async () => {
    const session = new JSONSession({ saveDir: dir });
    expect(session.getSavePath("s1")).toBe(join(dir, "s1.json"));
    expect(session.getSavePath("s1", "alice")).toBe(join(dir, "alice_s1.json"));
    await session.save("s1", { settings: new Settings() }, { userId: "alice" });
    expect(await readdir(dir)).toEqual(["alice_s1.json"]);
    expect(JSON.parse(await readFile(join(dir, "alice_s1.json"), "utf8"))).toEqual({
      settings: { language: "en", verbose: true },
    });
  });

  it("loads a session file written by AgentScope Python", async () => {
    const fixture = await readFile(
      new URL("./__fixtures__/python-session.json", import.meta.url),
      "utf8",
    );
    await writeFile(join(dir, "py.json"), fixture);
    const agent = new Agent("nobody");
    const settings = new Settings();
    const session = new JSONSession({ saveDir: dir });
    expect(await session.load("py", { friday: agent, settings })).toBe(true);
    expect(agent.name).toBe("Friday");
    expect(agent.turns).toBe(1);
    expect(agent.memory.content.map(([m, marks]) => [m.getTextContent(), marks])).toEqual([
      ["Hi Friday, remember the number 42.", []],
      ["Got it: 42 ✔", ["hint"]],
    ]);
    expect(settings.language).toBe("zh");
    // Saving it again produces the same JSON document Python wrote.
    await session.save("py-again", { friday: agent, settings });
    expect(JSON.parse(await readFile(join(dir, "py-again.json"), "utf8"))).toEqual(
      JSON.parse(fixture),
    );
  });

  it("round-trips, lists sessions, and handles a missing session as asked", async () => {
    const session = new JSONSession({ saveDir: join(dir, "nested", "dir") });
    const a = new Agent();
    a.memory.content.push([new Msg("u", "remember me", "user"), ["important"]]);
    a.turns = 5;
    await session.save("chat", { agent: a });
    await session.save("other", { agent: a });
    await session.save("mine", { agent: a }, { userId: "bob" });
    expect(await session.list()).toEqual(["bob_mine", "chat", "other"]);
    expect(await session.list("bob")).toEqual(["mine"]);

    const b = new Agent();
    await session.load("chat", { agent: b });
    expect(b.stateDict()).toEqual(a.stateDict());

    const c = new Agent();
    expect(await session.load("absent", { agent: c })).toBe(false);
    expect(c.turns).toBe(0);
    await expect(session.load("absent", { agent: c }, false)).rejects.toThrow(
      /Session 'absent' does not exist .*absent\.json.*allowNotExist: true/,
    );
    expect(await new JSONSession({ saveDir: join(dir, "none") }).list()).toEqual([]);
  });

  it("loads leniently with strict: false, keeping keys the saved state lacks", async () => {
    await writeFile(join(dir, "old.json"), JSON.stringify({ agent: { name: "Old", turns: 3 } }));
    const session = new JSONSession({ saveDir: dir });
    const strictAgent = new Agent();
    await expect(session.load("old", { agent: strictAgent })).rejects.toThrow(
      /key 'memory' is missing/,
    );
    expect(strictAgent.name).toBe("Friday");
    const lenient = new Agent();
    lenient.memory.content.push([new Msg("u", "kept", "user"), []]);
    expect(await session.load("old", { agent: lenient }, { strict: false })).toBe(true);
    expect(lenient.name).toBe("Old");
    expect(lenient.turns).toBe(3);
    expect(lenient.memory.content).toHaveLength(1);
  });

  it("refuses ids that would escape the folder", async () => {
    const session = new JSONSession({ saveDir: dir });
    for (const bad of ["../x", "a/b", "..", ""]) {
      await expect(session.save(bad, {})).rejects.toThrow(SessionError);
    }
    await expect(session.save("ok", {}, { userId: "../u" })).rejects.toThrow(/Invalid userId/);
  });

  it("gives a clear error for a corrupt file and loads nothing", async () => {
    await writeFile(join(dir, "bad.json"), '{"agent": {"name": "Fri');
    const a = new Agent();
    await expect(new JSONSession({ saveDir: dir }).load("bad", { agent: a })).rejects.toThrow(
      /bad\.json is not valid JSON .*corrupt.*delete it to start the session afresh/s,
    );
    expect(a.name).toBe("Friday");
  });

  it("gives a clear error for a foreign file", async () => {
    await writeFile(join(dir, "list.json"), "[1, 2, 3]");
    await expect(
      new JSONSession({ saveDir: dir }).load("list", { agent: new Agent() }),
    ).rejects.toThrow(/list\.json is not an AgentScope session: expected a JSON object/);
  });

  it("does not half-load: when one module fails, modules loaded before it are restored", async () => {
    await writeFile(
      join(dir, "half.json"),
      JSON.stringify({
        settings: { language: "fr", verbose: false },
        agent: { memory: { content: [[{ name: "x", role: "user" }, []]] }, name: "Evil", turns: 9 },
      }),
    );
    const settings = new Settings();
    const agent = new Agent();
    const error = await new JSONSession({ saveDir: dir })
      .load("half", { settings, agent })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionError);
    expect((error as Error).message).toMatch(
      /Cannot load module 'agent' from session file .*half\.json: .*memory\.content.*content: required \(expected string or array\).*Nothing was loaded\./s,
    );
    expect(settings.language).toBe("en");
    expect(agent.name).toBe("Friday");
    expect(agent.turns).toBe(0);
  });

  it("leaves the previous file intact when the disk fills up mid-save", async () => {
    const session = new JSONSession({ saveDir: dir });
    const agent = new Agent();
    agent.turns = 1;
    await session.save("s", { agent });
    const before = await readFile(join(dir, "s.json"), "utf8");

    disk.failTmpWrites = true;
    agent.turns = 2;
    agent.memory.content.push([new Msg("u", "x".repeat(10_000), "user"), []]);
    const error = await session.save("s", { agent }).catch((e: unknown) => e);
    disk.failTmpWrites = false;
    expect(error).toBeInstanceOf(SessionError);
    expect((error as SessionError).message).toMatch(
      /ENOSPC.*The previous file, if any, is unchanged/,
    );
    expect((error as SessionError).retryable).toBe(true);
    expect(await readFile(join(dir, "s.json"), "utf8")).toBe(before);
    expect(await readdir(dir)).toEqual(["s.json"]);
  });
});
