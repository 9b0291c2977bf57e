import { Msg } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { startCli, tempDir } from "../../test/cli-process.js";
import { requestMessages, textReply } from "../../test/openai-script.js";
import { isSlashCommand, resumeRecap, slashHelp } from "./slash-commands.js";

const CHAT = "/v1/chat/completions";

describe("slash commands", () => {
  it("tells commands from messages that start with a path", () => {
    expect(isSlashCommand("/help")).toBe(true);
    expect(isSlashCommand("  /clear  ")).toBe(true);
    expect(isSlashCommand("/model now")).toBe(true);
    expect(isSlashCommand("/usr/bin/env is what?")).toBe(false);
    expect(isSlashCommand("what is /help?")).toBe(false);
  });

  it("lists every command in /help", () => {
    const help = slashHelp();
    for (const name of ["/help", "/clear", "/sessions", "/model", "/tools", "/exit"]) {
      expect(help).toContain(name);
    }
  });

  it("recaps a resumed conversation with its last user and agent messages", () => {
    const recap = resumeRecap([
      new Msg("user", "first question", "user"),
      new Msg("Friday", "first answer", "assistant"),
      new Msg("user", "second question", "user"),
      new Msg("Friday", `long answer ${"x".repeat(100)}`, "assistant"),
    ]);
    expect(recap).toMatch(
      /^Resumed 4 messages\.\n {2}you: second question\n {2}Friday: long answer x+…\n$/,
    );
    expect(resumeRecap([])).toBe("The session is empty.\n");
  });
});

describe("agentscope chat: slash commands, multi-line input, resume recap (subprocess)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  it("answers the commands locally, lists the commands for an unknown one, never asks the model", async () => {
    await using server = await createTestServer({ [CHAT]: { response: [textReply("Hello.")] } });
    const cli = startCli(["--model", "openai:gpt-test", "--base-url", `${server.url}/v1`], {
      home: home.path,
      env: { OPENAI_API_KEY: "test" },
    });
    for (const line of [
      "/help",
      "/model",
      "/tools",
      "/sessions",
      "/modle",
      "hi",
      "/clear",
      "/exit",
      "after exit",
    ]) {
      cli.send(line);
    }
    cli.end();
    expect(await cli.exited).toBe(0);
    const out = cli.stdout();
    expect(out).toContain("Commands:\n  /help");
    expect(out).toContain("model openai:gpt-test");
    expect(out).toMatch(/\d+ tools: .*view_text_file/);
    expect(out).toContain("No saved sessions");
    expect(out).toContain("Unknown command /modle (did you mean /model?). Commands:");
    expect(out).toContain("Friday: Hello.");
    expect(out).toContain("Cleared the conversation (2 messages).");
    expect(out).not.toContain("after exit");
    // Only "hi" reached the model.
    expect(server.callsTo(CHAT)).toHaveLength(1);
  });

  it("joins lines ending with a backslash into one message", async () => {
    await using server = await createTestServer({
      [CHAT]: { response: [textReply("Two lines.")] },
    });
    const cli = startCli(["--model", "openai:gpt-test", "--base-url", `${server.url}/v1`], {
      home: home.path,
      env: { OPENAI_API_KEY: "test" },
    });
    cli.send("line one \\");
    cli.send("line two");
    cli.end();
    expect(await cli.exited).toBe(0);
    const user = requestMessages(server.callsTo(CHAT)[0]?.body).find((m) => m.role === "user");
    expect(JSON.stringify(user?.content)).toContain("line one \\nline two");
    expect(server.callsTo(CHAT)).toHaveLength(1);
  });

  it("recaps the conversation when a session is resumed", async () => {
    await using server = await createTestServer({
      [CHAT]: { response: [textReply("Nice to meet you, Ada."), textReply("You are Ada.")] },
    });
    const args = [
      "--model",
      "openai:gpt-test",
      "--base-url",
      `${server.url}/v1`,
      "--session",
      "recap",
    ];
    const env = { OPENAI_API_KEY: "test" };
    const first = startCli(args, { home: home.path, env });
    first.send("My name is Ada.");
    first.end();
    expect(await first.exited).toBe(0);
    expect(first.stderr()).not.toContain("Resumed");

    const second = startCli(args, { home: home.path, env });
    second.end();
    expect(await second.exited).toBe(0);
    expect(second.stderr()).toContain(
      "Resumed 2 messages.\n  you: My name is Ada.\n  Friday: Nice to meet you, Ada.",
    );
  });
});
