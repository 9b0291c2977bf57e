import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Msg, ReActAgent } from "@agentscope-ts/core";
import { JSONSession } from "@agentscope-ts/core/node";
import { ScriptedChatModel } from "@agentscope-ts/core/testing";
import { OpenAIChatFormatter } from "@agentscope-ts/openai";
import { createTestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { runCli, tempDir } from "../../test/cli-process.js";
import { requestMessages, requestToolNames, textReply } from "../../test/openai-script.js";

const CHAT = "/v1/chat/completions";

/** The saved JSON of a session in the CLI's SQLite store, read with a connection of our own. */
function savedState(
  dir: string,
  name: string,
): { agent: { memory: { content: unknown[] }; plan_notebook?: unknown } } {
  const db = new DatabaseSync(join(dir, "sessions.db"), { readOnly: true });
  try {
    const row = db
      .prepare("SELECT state FROM agentscope_sessions WHERE user_id = ? AND session_id = ?")
      .get("default_user", name) as { state: string } | undefined;
    if (!row) throw new Error(`no saved session ${name} in ${dir}`);
    return JSON.parse(row.state);
  } finally {
    db.close();
  }
}

describe("sessions (subprocess, replay server)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  it("a second process resumes the first one's conversation; `sessions` lists it", async () => {
    await using server = await createTestServer({
      [CHAT]: { response: [textReply("Nice to meet you, Ada."), textReply("Your name is Ada.")] },
    });
    const model = ["--model", "openai:gpt-test", "--base-url", `${server.url}/v1`];
    const env = { OPENAI_API_KEY: "test" };

    const first = await runCli([...model, "--session", "ada", "--no-tools", "--plan"], {
      home: home.path,
      env,
      input: "My name is Ada.\n",
    });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('session "ada" new');
    // Saved where AGENTSCOPE_HOME says, in SQLite, as AgentScope's session JSON.
    const dir = join(home.path, ".agentscope", "sessions");
    expect(first.stderr).toContain(join(dir, "sessions.db"));
    const saved = savedState(dir, "ada");
    expect(saved.agent.memory.content).toHaveLength(2);
    // --plan gave the agent the plan notebook's tools, and its state is saved too.
    expect(requestToolNames(server.callsTo(CHAT)[0]?.body)).toContain("create_plan");
    expect(saved.agent.plan_notebook).toHaveProperty("current_plan", null);

    const second = await runCli(
      ["run", ...model, "--session", "ada", "--no-tools", "What is my name?"],
      {
        home: home.path,
        env,
      },
    );
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toBe("Your name is Ada.\n");
    const messages = requestMessages(server.callsTo(CHAT)[1]?.body);
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(JSON.stringify(messages[1]?.content)).toContain("My name is Ada.");
    expect(JSON.stringify(messages[2]?.content)).toContain("Nice to meet you, Ada.");

    const list = await runCli(["sessions"], { home: home.path });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^NAME\s+SAVED\s+MESSAGES\nada\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+4\n/);
  });

  it("a JSON session of an earlier version is imported once, kept as is, and continued", async () => {
    const dir = join(home.path, "old-sessions");
    const old = new ReActAgent({
      name: "Friday",
      sysPrompt: "old prompt",
      model: new ScriptedChatModel({ script: [{ text: "Hello Bo." }] }),
      formatter: new OpenAIChatFormatter(),
    });
    old.setConsoleOutputEnabled(false);
    await old.call(new Msg("user", "I am Bo.", "user"));
    await new JSONSession({ saveDir: dir }).save("bo", { agent: old });
    const file = join(dir, "bo.json");
    const before = await readFile(file);

    await using server = await createTestServer({
      [CHAT]: { response: [textReply("You are Bo."), textReply("Still Bo.")] },
    });
    const args = (say: string) => [
      "run",
      "--model",
      "openai:gpt-test",
      "--base-url",
      `${server.url}/v1`,
      "--sessions-dir",
      dir,
      "--session",
      "bo",
      "--no-tools",
      say,
    ];
    const options = { home: home.path, env: { OPENAI_API_KEY: "test" } };
    const listed = await runCli(["sessions", "--sessions-dir", dir], { home: home.path });
    expect(listed.stdout).toMatch(/\nbo\s+\S+ \S+\s+2\n/);

    const first = await runCli(args("Who am I?"), options);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe("You are Bo.\n");
    const sent = requestMessages(server.callsTo(CHAT)[0]?.body);
    expect(sent.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(JSON.stringify(sent[1]?.content)).toContain("I am Bo.");
    expect((await readFile(file)).equals(before)).toBe(true);
    expect(savedState(dir, "bo").agent.memory.content).toHaveLength(4);

    // Read once: the file is only a backup now, even when it no longer parses.
    await writeFile(file, "{ broken");
    const second = await runCli(args("And now?"), options);
    expect(second.code, second.stderr).toBe(0);
    expect(requestMessages(server.callsTo(CHAT)[1]?.body)).toHaveLength(6);
    const list = await runCli(["sessions", "--sessions-dir", dir], { home: home.path });
    expect(list.stdout.match(/^bo\s/gm)).toHaveLength(1);
    expect(list.stdout).toMatch(/\nbo\s+\S+ \S+\s+6\n/);
  });

  it("--sessions-dir moves the sessions; an empty folder lists none", async () => {
    const list = await runCli(["sessions", "--sessions-dir", join(home.path, "none")], {
      home: home.path,
    });
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`No saved sessions in ${join(home.path, "none")}`);
  });
});
