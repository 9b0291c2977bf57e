import { existsSync } from "node:fs";
import { join } from "node:path";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { startCli, tempDir } from "../../test/cli-process.js";
import { everythingServer, until, writeMcpConfig } from "../../test/fixtures.js";
import {
  requestMessages,
  requestToolNames,
  textReply,
  toolCallReply,
} from "../../test/openai-script.js";

const CHAT = "/v1/chat/completions";

describe("agentscope chat (subprocess, replay server)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  const openai = (server: TestServer) => ({
    args: ["--model", "openai:gpt-test", "--base-url", `${server.url}/v1`],
    env: { OPENAI_API_KEY: "test" },
  });

  it("streams a turn with a tool call of a real MCP server, then the answer", async () => {
    await using server = await createTestServer({
      [CHAT]: {
        response: [
          toolCallReply("echo", { message: "hello from the test" }),
          textReply("The server echoed it back."),
        ],
      },
    });
    // Trusted: its tools run without asking.
    const config = await writeMcpConfig(home.path, {
      everything: { ...everythingServer(), trusted: true },
    });
    const { args, env } = openai(server);
    const cli = startCli([...args, "--no-tools", "--mcp-config", config], { home: home.path, env });
    cli.send("Please echo something.");
    cli.end();
    expect(await cli.exited).toBe(0);

    const out = cli.stdout();
    expect(out).toContain('→ echo {"message":"hello from the test"}');
    expect(out).toContain("← echo: Echo: hello from the test");
    expect(out).toContain("Friday: The server echoed it back.");
    expect(out.indexOf("→ echo")).toBeLessThan(out.indexOf("Friday: The server"));
    expect(cli.stderr()).toMatch(/model openai:gpt-test .*tools: 0 built-in \+ \d+ from MCP/);

    // The model saw the MCP tools, and the tool result went back to it.
    const [first, second] = server.callsTo(CHAT);
    expect(requestToolNames(first?.body)).toContain("echo");
    const toolMsg = requestMessages(second?.body).find((m) => m.role === "tool");
    expect(JSON.stringify(toolMsg?.content)).toContain("Echo: hello from the test");
  });

  it("asks before running a shell command: no refuses it, yes runs it", async () => {
    await using server = await createTestServer({
      [CHAT]: {
        response: [
          toolCallReply("execute_shell_command", { command: "touch declined.txt" }),
          textReply("Not done."),
          toolCallReply("execute_shell_command", { command: "echo ran-$((40 + 2))" }),
          textReply("Done."),
        ],
      },
    });
    const { args, env } = openai(server);
    const cli = startCli(args, { home: home.path, env });
    cli.send("Create a file.");
    cli.send("n");
    cli.send("Print a number.");
    cli.send("y");
    cli.end();
    expect(await cli.exited).toBe(0);

    const out = cli.stdout();
    expect(out).toContain("Allow execute_shell_command: touch declined.txt ? [y/N] n");
    expect(out).toContain("← execute_shell_command: The user did not allow this");
    expect(existsSync(join(home.path, "declined.txt"))).toBe(false);
    expect(out).toContain("Allow execute_shell_command: echo ran-$((40 + 2)) ? [y/N] y");
    expect(out).toMatch(/← execute_shell_command: <returncode>0<\/returncode><stdout>ran-42/);
    expect(out).toContain("Friday: Done.");
  });

  it("Ctrl-C interrupts the reply, the chat goes on, and Ctrl-C twice exits", async () => {
    await using server = await createTestServer({
      [CHAT]: {
        response: ({ callNumber }) =>
          callNumber === 0 ? { type: "stall" } : textReply("Back again."),
      },
    });
    const { args, env } = openai(server);
    const cli = startCli([...args, "--no-tools"], { home: home.path, env });
    cli.send("A slow question.");
    await until(() => server.callsTo(CHAT).length === 1, 20_000, "the model request");

    cli.child.kill("SIGINT");
    await cli.waitForOutput(
      "Friday: I noticed that you have interrupted me. What can I do for you?",
    );
    // The stalled request was aborted: the server saw the client hang up.
    await until(() => server.callsTo(CHAT)[0]?.clientClosedEarly === true, 10_000, "the abort");

    // The process goes on: the next message is answered, with the interruption in memory.
    cli.send("Are you there?");
    await cli.waitForOutput("Friday: Back again.");
    const messages = requestMessages(server.callsTo(CHAT)[1]?.body);
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(JSON.stringify(messages[2]?.content)).toContain("you have interrupted me");

    // Idle: the first Ctrl-C warns, the second exits.
    expect(cli.stdout().match(/Ctrl-C again exits/g)).toHaveLength(1);
    cli.child.kill("SIGINT");
    // Signals sent back to back may merge into one: wait until this one was handled (the note
    // is the idle one, or the interrupting one if the reply was still being wrapped up).
    await cli.waitForOutput(/Ctrl-C again exits[\s\S]*Ctrl-C again exits/);
    cli.child.kill("SIGINT");
    expect(await cli.exited).toBe(130);
  });

  it("a second Ctrl-C while the reply is being interrupted exits at once", async () => {
    await using server = await createTestServer({ [CHAT]: { response: { type: "stall" } } });
    const { args, env } = openai(server);
    const cli = startCli([...args, "--no-tools"], { home: home.path, env });
    cli.send("A slow question.");
    await until(() => server.callsTo(CHAT).length === 1, 20_000, "the model request");
    cli.child.kill("SIGINT");
    await cli.waitForOutput("interrupted (Ctrl-C again exits)");
    cli.child.kill("SIGINT");
    expect(await cli.exited).toBe(130);
  });
});
