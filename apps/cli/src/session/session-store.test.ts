import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Msg, PlanNotebook, ReActAgent } from "@agentscope-ts/core";
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
  });

  it("a corrupt file is one line saying what to do", async () => {
    const store = new SessionStore(join(dir.path, "corrupt"));
    await writeFile(join(dir.path, "bad.json"), "{");
    const bad = new SessionStore(dir.path);
    await expect(bad.load("bad", agent())).rejects.toThrow(CliError);
    await expect(bad.load("bad", agent())).rejects.toThrow(
      /is not valid JSON .*delete it to start the session afresh\. Or use another --session name\.$/,
    );
    expect(await store.list()).toEqual([]);
  });
});
