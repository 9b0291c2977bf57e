import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { runCli, startCli, tempDir } from "../../test/cli-process.js";
import { everythingServer, writeMcpConfig } from "../../test/fixtures.js";
import { requestMessages, textReply, toolCallReply } from "../../test/openai-script.js";

const CHAT = "/v1/chat/completions";

/** The text of the tool result the model got in the request `index`. */
function toolResultSent(server: TestServer, index: number): string {
  const toolMsg = requestMessages(server.callsTo(CHAT)[index]?.body)
    .filter((m) => m.role === "tool")
    .at(-1);
  return JSON.stringify(toolMsg?.content ?? null);
}

describe("consent for tools that write or execute (subprocess, replay server)", () => {
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

  it("run refuses write_text_file and insert_text_file without --yes; the files stay as they were", async () => {
    const kept = join(home.path, "kept.txt");
    await using server = await createTestServer({
      [CHAT]: {
        response: [
          toolCallReply("write_text_file", { file_path: join(home.path, "new.txt"), content: "x" }),
          toolCallReply("insert_text_file", { file_path: kept, content: "y", line_number: 1 }),
          textReply("I may not write files here."),
        ],
      },
    });
    const { args, env } = openai(server);
    const result = await runCli(["run", ...args, "Write the files."], { home: home.path, env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("I may not write files here.\n");
    expect(existsSync(join(home.path, "new.txt"))).toBe(false);
    expect(existsSync(kept)).toBe(false);
    expect(toolResultSent(server, 1)).toContain("The user did not allow write_text_file");
    expect(toolResultSent(server, 1)).toContain("--yes");
    expect(toolResultSent(server, 2)).toContain("The user did not allow insert_text_file");
  });

  it("run refuses an untrusted MCP server's tool without --yes", async () => {
    const config = await writeMcpConfig(home.path, { plain: everythingServer() }, "plain-run.json");
    await using server = await createTestServer({
      [CHAT]: {
        response: [toolCallReply("echo", { message: "from plain" }), textReply("Refused.")],
      },
    });
    const { args, env } = openai(server);
    const result = await runCli(
      ["run", ...args, "--no-tools", "--mcp-config", config, "Echo it."],
      { home: home.path, env },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(toolResultSent(server, 1)).toContain("The user did not allow echo");
    expect(toolResultSent(server, 1)).not.toContain("Echo: from plain");
  });

  it("run lets a trusted MCP server's tool through without --yes", async () => {
    const config = await writeMcpConfig(
      home.path,
      { vetted: { ...everythingServer(), trusted: true } },
      "trusted.json",
    );
    await using server = await createTestServer({
      [CHAT]: {
        response: [toolCallReply("echo", { message: "from vetted" }), textReply("Echoed.")],
      },
    });
    const { args, env } = openai(server);
    const result = await runCli(
      ["run", ...args, "--no-tools", "--mcp-config", config, "Echo it."],
      { home: home.path, env },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(toolResultSent(server, 1)).toContain("Echo: from vetted");
  });

  it("chat asks after the tool-call line, on its own line: write_text_file and an MCP tool", async () => {
    const target = join(home.path, "asked.txt");
    const config = await writeMcpConfig(home.path, { plain: everythingServer() }, "plain.json");
    await using server = await createTestServer({
      [CHAT]: {
        response: [
          toolCallReply("write_text_file", { file_path: target, content: "hello" }),
          textReply("Not written."),
          toolCallReply("write_text_file", { file_path: target, content: "hello" }),
          toolCallReply("echo", { message: "hi" }),
          textReply("Written and echoed."),
        ],
      },
    });
    const { args, env } = openai(server);
    const cli = startCli([...args, "--mcp-config", config], { home: home.path, env });
    cli.send("Write it.");
    cli.send("n");
    cli.send("Write it now.");
    cli.send("y");
    cli.send("y");
    cli.end();
    expect(await cli.exited, cli.stderr()).toBe(0);

    const out = cli.stdout();
    const lines = out.split("\n");
    const questions = lines
      .map((line, i) => ({ line, i }))
      .filter(({ line }) => line.startsWith("Allow "));
    expect(questions.map(({ line }) => line)).toEqual([
      expect.stringMatching(/^Allow write_text_file: \{.*"content":"hello"\} \? \[y\/N\] n$/),
      expect.stringMatching(/^Allow write_text_file: .* \? \[y\/N\] y$/),
      'Allow echo: {"message":"hi"} ? [y/N] y',
    ]);
    // Each question comes right after its tool-call line.
    for (const { i } of questions) expect(lines[i - 1]).toMatch(/^→ (write_text_file|echo) /);
    expect(out).toContain("← write_text_file: The user did not allow this");
    expect(out).toContain("← echo: Echo: hi");
    expect(readFileSync(target, "utf8")).toBe("hello");
    expect(toolResultSent(server, 1)).toContain("The user did not allow this write_text_file call");
  });
});
