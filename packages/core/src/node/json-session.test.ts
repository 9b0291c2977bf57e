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
      /Cannot load module 'agent' from session file .*half\.json \(expected keys: 'settings', 'agent'\): .*memory\.content.*content: required \(expected string or array\).*Nothing was loaded\./s,
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

  it("refuses a file that holds none of the modules asked for, naming the file and the keys", async () => {
    await writeFile(join(dir, "other.json"), JSON.stringify({ planner: { steps: [] } }));
    const agent = new Agent();
    const settings = new Settings();
    const error = await new JSONSession({ saveDir: dir })
      .load("other", { agent, settings })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionError);
    expect((error as Error).message).toMatch(
      /session file .*other\.json holds none of the modules asked for: expected the keys 'agent', 'settings', found 'planner'/,
    );
    await writeFile(join(dir, "empty.json"), "{}");
    await expect(new JSONSession({ saveDir: dir }).load("empty", { agent })).rejects.toThrow(
      /empty\.json holds none of the modules asked for: expected the key 'agent', found an empty object/,
    );
    expect(agent.name).toBe("Friday");
  });

  it("refuses a module state of the wrong shape before loading anything", async () => {
    await writeFile(
      join(dir, "shape.json"),
      JSON.stringify({
        settings: { language: "fr", verbose: false },
        agent: ["not", "a", "state"],
      }),
    );
    const settings = new Settings();
    const agent = new Agent();
    const error = await new JSONSession({ saveDir: dir })
      .load("shape", { settings, agent })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionError);
    expect((error as Error).message).toMatch(
      /shape\.json has the wrong shape under 'agent': expected an object .* 'settings', 'agent', found an array\. Nothing was loaded\./,
    );
    expect(settings.language).toBe("en");
  });

  it("keeps __proto__ and constructor keys in session JSON as plain data, polluting nothing", async () => {
    const text =
      '{"settings": {"language": {"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}, "verbose": false}}';
    await writeFile(join(dir, "proto.json"), text);
    const settings = new Settings();
    await new JSONSession({ saveDir: dir }).load("proto", { settings });
    const language = settings.language as unknown as Record<string, unknown>;
    expect(Object.getPrototypeOf(language)).toBe(Object.prototype);
    expect(Object.keys(language)).toEqual(["__proto__", "constructor"]);
    expect(Object.getOwnPropertyDescriptor(language, "__proto__")?.value).toEqual({
      polluted: true,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(language.polluted).toBeUndefined();
    await new JSONSession({ saveDir: dir }).save("proto2", { settings });
    expect(JSON.parse(await readFile(join(dir, "proto2.json"), "utf8"))).toEqual(JSON.parse(text));
  });

  it("cleans up temp files a crashed save left behind, on the next save of the same session", async () => {
    const stale = [
      ".s.json.4f3a9b2c1d0e.tmp", // the older naming, from an earlier process
      ".s.json.999999999-a1b2c3d4e5f6.tmp", // a process that is no longer running
      `.s.json.${process.pid}-0123456789ab.tmp`, // this process, no longer being written
    ];
    const keep = [
      ".t.json.4f3a9b2c1d0e.tmp", // another session's
      `.s.json.${process.ppid}-0123456789ab.tmp`, // a running process may still be writing it
      "s.json.notes",
    ];
    for (const name of [...stale, ...keep]) await writeFile(join(dir, name), '{"agent": {"na');
    const agent = new Agent();
    agent.turns = 3;
    await new JSONSession({ saveDir: dir }).save("s", { agent });
    expect((await readdir(dir)).sort()).toEqual([...keep, "s.json"].sort());
    const saved = JSON.parse(await readFile(join(dir, "s.json"), "utf8"));
    expect(saved).toEqual({ agent: { memory: { content: [] }, name: "Friday", turns: 3 } });
  });
});
