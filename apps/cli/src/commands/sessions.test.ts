import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createTestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../../test/cli-process.js";
import { requestMessages, requestToolNames, textReply } from "../../test/openai-script.js";

const CHAT = "/v1/chat/completions";

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
    // Saved where AGENTSCOPE_HOME says, in AgentScope's JSONSession layout.
    const file = join(home.path, ".agentscope", "sessions", "ada.json");
    const saved = JSON.parse(await readFile(file, "utf8"));
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

  it("--sessions-dir moves the sessions; an empty folder lists none", async () => {
    const list = await runCli(["sessions", "--sessions-dir", join(home.path, "none")], {
      home: home.path,
    });
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`No saved sessions in ${join(home.path, "none")}`);
  });
});
