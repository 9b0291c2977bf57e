import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Msg, PlanNotebook, ReActAgent } from "@agentscope-ts/core";
import { JSONSession } from "@agentscope-ts/core/node";
import { ScriptedChatModel } from "@agentscope-ts/core/testing";
import { OpenAIChatFormatter } from "@agentscope-ts/openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../test/cli-process.js";
import { CliError } from "../cli-error.js";
import { agentscopeHome, SessionStore, sessionsDir } from "./session-store.js";

function agent(options: { plan?: boolean; sysPrompt?: string; script?: string[] } = {}) {
  const a = new ReActAgent({
    name: "Friday",
    sysPrompt: options.sysPrompt ?? "prompt",
    model: new ScriptedChatModel({ script: (options.script ?? []).map((text) => ({ text })) }),
    formatter: new OpenAIChatFormatter(),
    ...(options.plan ? { planNotebook: new PlanNotebook() } : {}),
  });
  a.setConsoleOutputEnabled(false);
  return a;
}

describe("SessionStore", () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    dir = await tempDir();
  });
  afterAll(async () => {
    await dir.cleanup();
  });

  it("finds its folder from --sessions-dir, AGENTSCOPE_HOME or the home folder", () => {
    expect(sessionsDir("/x/s", { AGENTSCOPE_HOME: "/h" })).toBe("/x/s");
    expect(sessionsDir(undefined, { AGENTSCOPE_HOME: "/h" })).toBe("/h/sessions");
    expect(agentscopeHome({})).toMatch(/\.agentscope$/);
  });

  it("saves memory and plan, and resumes leniently whatever the flags now are", async () => {
    const store = new SessionStore(join(dir.path, "sessions"));
    expect(await store.load("s", agent())).toBe(false);

    const first = agent({ plan: true, script: ["Hi Ada."] });
    await first.call(new Msg("user", "I am Ada.", "user"));
    await first.planNotebook?.createPlan("p", "d", "o", [
      { name: "s1", description: "d1", expected_outcome: "o1" },
    ]);
    await store.save("s", first);

    // Without --plan now: the saved plan is ignored; a new system prompt wins over the saved one.
    const second = agent({ sysPrompt: "new prompt" });
    expect(await store.load("s", second)).toBe(true);
    expect((await second.memory.getMemory()).map((m) => m.getTextContent())).toEqual([
      "I am Ada.",
      "Hi Ada.",
    ]);
    expect(second.sysPrompt).toBe("new prompt");

    // With --plan: the plan comes back.
    const third = agent({ plan: true });
    await store.load("s", third);
    expect(third.planNotebook?.currentPlan?.name).toBe("p");

    const [info] = await store.list();
    expect(info).toMatchObject({ name: "s", messages: 2 });
    // One SQLite file holds it, as AgentScope's session JSON; no JSON file is written.
    expect(store.pathOf("s")).toBe(join(dir.path, "sessions", "sessions.db"));
    expect(await store.legacy.list()).toEqual([]);
    await store.close();
  });

  it("imports an earlier version's JSON session once, keeps the file, then reads the database", async () => {
    const folder = join(dir.path, "import");
    const old = agent({ plan: true, script: ["Hi Bo."] });
    await old.call(new Msg("user", "I am Bo.", "user"));
    await new JSONSession({ saveDir: folder }).save("bo", { agent: old });
    const file = join(folder, "bo.json");
    const before = await readFile(file);

    const store = new SessionStore(folder);
    // Listed before the import, from the file.
    expect(await store.list()).toMatchObject([{ name: "bo", messages: 2 }]);
    const resumed = agent({ script: ["Bye Bo."] });
    expect(await store.load("bo", resumed)).toBe(true);
    expect((await resumed.memory.getMemory()).map((m) => m.getTextContent())).toEqual([
      "I am Bo.",
      "Hi Bo.",
    ]);
    await resumed.call(new Msg("user", "Bye.", "user"));
    await store.save("bo", resumed);
    await store.close();
    expect((await readFile(file)).equals(before)).toBe(true);

    // The file is a backup now: changing it changes nothing; the plan saved in it was kept.
    await writeFile(file, "{ not json");
    const again = new SessionStore(folder);
    const third = agent({ plan: true });
    expect(await again.load("bo", third)).toBe(true);
    expect(await third.memory.size()).toBe(4);
    expect(third.planNotebook?.currentPlan).toBeNull();
    expect(await again.list()).toMatchObject([{ name: "bo", messages: 4 }]);
    await again.close();
  });

  it("a save over another process's newer save is refused with one line", async () => {
    const folder = join(dir.path, "conflict");
    const [one, two] = [new SessionStore(folder), new SessionStore(folder)];
    const [a, b] = [agent({ script: ["A."] }), agent({ script: ["B."] })];
    await one.load("c", a);
    await two.load("c", b);
    await a.call(new Msg("user", "from one", "user"));
    await one.save("c", a);
    await b.call(new Msg("user", "from two", "user"));
    const error = await two.save("c", b).catch((e) => e);
    expect(error).toBeInstanceOf(CliError);
    expect(error.message).toMatch(/saved by another agentscope process.*--session c/);
    const check = agent();
    await one.load("c", check);
    expect((await check.memory.getMemory())[0]?.getTextContent()).toBe("from one");
    await Promise.all([one.close(), two.close()]);
  });

  it("a saved row without agent state is refused, not loaded empty", async () => {
    const folder = join(dir.path, "rows");
    const store = new SessionStore(folder);
    expect(await store.load("x", agent())).toBe(false);
    const db = new DatabaseSync(store.dbPath);
    db.prepare(
      "INSERT INTO agentscope_sessions (user_id, session_id, state, version) VALUES (?, ?, ?, 1)",
    ).run("default_user", "x", '{"notes": 1}');
    db.close();
    await expect(store.load("x", agent())).rejects.toThrow(
      /Session 'x' in .*sessions\.db holds no agent state.*Or use another --session name\.$/,
    );
    await store.close();
  });

  it("listing an empty or missing folder creates nothing", async () => {
    const folder = join(dir.path, "missing");
    expect(await new SessionStore(folder).list()).toEqual([]);
    await expect(stat(folder)).rejects.toThrow(/ENOENT/);
    await mkdir(folder);
    expect(await new SessionStore(folder).list()).toEqual([]);
    await expect(stat(join(folder, "sessions.db"))).rejects.toThrow(/ENOENT/);
  });

  it("a corrupt file is one line saying what to do, and is not imported", async () => {
    const store = new SessionStore(join(dir.path, "corrupt"));
    await writeFile(join(dir.path, "bad.json"), "{");
    const bad = new SessionStore(dir.path);
    await expect(bad.load("bad", agent())).rejects.toThrow(CliError);
    await expect(bad.load("bad", agent())).rejects.toThrow(
      /is not valid JSON .*delete it to start the session afresh\. Or use another --session name\.$/,
    );
    expect(await store.list()).toEqual([]);
    // Still listed as the file it is (count unknown), never as a database row.
    expect(await bad.list()).toMatchObject([{ name: "bad", messages: undefined }]);
    await bad.close();
  });
});
