import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { runCli, tempDir } from "../../test/cli-process.js";
import { requestMessages, textReply, toolCallReply } from "../../test/openai-script.js";
import type { RunResult } from "./run.js";

const CHAT = "/v1/chat/completions";

describe("agentscope run (subprocess, replay server)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  it("--json prints the reply, the summed usage and the tool calls", async () => {
    const notes = join(home.path, "notes.txt");
    await writeFile(notes, "remember the milk\n");
    await using server = await createTestServer({
      [CHAT]: {
        response: [
          toolCallReply(
            "view_text_file",
            { file_path: notes },
            { callId: "call_view", usage: { prompt_tokens: 30, completion_tokens: 10 } },
          ),
          textReply("The note says: remember the milk.", {
            usage: { prompt_tokens: 50, completion_tokens: 8 },
          }),
        ],
      },
    });
    const result = await runCli(
      [
        "run",
        "--json",
        "--model",
        "openai:gpt-test",
        "--base-url",
        `${server.url}/v1`,
        "What is in my notes?",
      ],
      { home: home.path, env: { OPENAI_API_KEY: "test" } },
    );
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as RunResult;
    expect(json.reply).toBe("The note says: remember the milk.");
    expect(json.interrupted).toBe(false);
    expect(json.model).toBe("openai:gpt-test");
    expect(json.usage).toMatchObject({ input_tokens: 80, output_tokens: 18 });
    expect(json.tool_calls).toEqual([
      {
        id: "call_view",
        name: "view_text_file",
        input: { file_path: notes },
        output: expect.stringContaining("remember the milk"),
      },
    ]);
    // Tool calls are shown on stderr, so stdout stays parseable.
    expect(result.stderr).toContain("→ view_text_file");
    // The request carried the task and the API key.
    const first = server.callsTo(CHAT)[0];
    expect(first?.headers.authorization).toBe("Bearer test");
    expect(requestMessages(first?.body).at(-1)).toMatchObject({ role: "user" });
  });

  it("without --yes, refuses shell commands with a result that mentions --yes", async () => {
    await using server = await createTestServer({
      [CHAT]: {
        response: [
          toolCallReply("execute_shell_command", { command: "touch made-by-shell.txt" }),
          textReply("I was not allowed to run it; start me with --yes."),
        ],
      },
    });
    const result = await runCli(
      ["run", "--model", "openai:gpt-test", "--base-url", `${server.url}/v1`, "Make a file."],
      { home: home.path, env: { OPENAI_API_KEY: "test" } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("I was not allowed to run it; start me with --yes.\n");
    expect(existsSync(join(home.path, "made-by-shell.txt"))).toBe(false);
    const toolMsg = requestMessages(server.callsTo(CHAT)[1]?.body).find((m) => m.role === "tool");
    const text = JSON.stringify(toolMsg?.content);
    expect(text).toContain("The user did not allow execute_shell_command");
    expect(text).toContain("--yes");
  });

  it("with --yes, runs shell commands", async () => {
    await using server = await createTestServer({
      [CHAT]: {
        response: [
          toolCallReply("execute_shell_command", { command: "echo made > made-by-shell.txt" }),
          textReply("Made it."),
        ],
      },
    });
    const result = await runCli(
      [
        "run",
        "--yes",
        "--model",
        "openai:gpt-test",
        "--base-url",
        `${server.url}/v1`,
        "Make a file.",
      ],
      { home: home.path, env: { OPENAI_API_KEY: "test" } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("Made it.\n");
    expect(existsSync(join(home.path, "made-by-shell.txt"))).toBe(true);
  });

  it("reads the task from stdin and fails with exit code 1 and one line when the model fails", async () => {
    await using server = await createTestServer({
      [CHAT]: {
        response: {
          type: "error",
          status: 404,
          body: {
            error: {
              message: "The model `gpt-nope` does not exist or you do not have access to it.",
              type: "invalid_request_error",
              code: "model_not_found",
            },
          },
        },
      },
    });
    const result = await runCli(
      ["run", "--json", "--model", "openai:gpt-nope", "--base-url", `${server.url}/v1`],
      { home: home.path, env: { OPENAI_API_KEY: "test" }, input: "Hello?\n" },
    );
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^agentscope: openai: .*gpt-nope.* does not exist/);
    expect(lines[0]).toContain("check the model name in --model");
    expect(JSON.parse(result.stdout)).toMatchObject({ reply: null, error: lines[0]?.slice(12) });
    expect(requestMessages(server.callsTo(CHAT)[0]?.body).at(-1)).toMatchObject({
      role: "user",
      content: [{ type: "text", text: "Hello?" }],
    });
  });

  it("--model-timeout bounds a model that never answers: retried, then exit 1 naming the timeout", async () => {
    await using server = await createTestServer({ [CHAT]: { response: { type: "stall" } } });
    const result = await runCli(
      [
        "run",
        "--model",
        "openai:gpt-test",
        "--base-url",
        `${server.url}/v1`,
        "--model-timeout",
        "1",
        "Hello?",
      ],
      { home: home.path, env: { OPENAI_API_KEY: "test" } },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^agentscope: .*1000 ?ms/m);
    // The model's default of 2 retries: three attempts, each cut off by the timeout.
    expect(server.callsTo(CHAT)).toHaveLength(3);
    expect(server.callsTo(CHAT).every((c) => c.clientClosedEarly)).toBe(true);
  });

  it("--log-file writes the run's logs as JSON lines at --log-level", async () => {
    await using server = await createTestServer({
      [CHAT]: { response: [textReply("Logged."), textReply("Quiet.")] },
    });
    const logs = join(home.path, "logs");
    const logFile = join(logs, "run.log");
    // pino-roll numbers the files (run.1.log, …): read every one of them.
    const logged = async (prefix: string) => {
      const files = existsSync(logs)
        ? (await readdir(logs)).filter((f) => f.startsWith(prefix))
        : [];
      return (await Promise.all(files.map((f) => readFile(join(logs, f), "utf8")))).join("");
    };
    const args = ["run", "--model", "openai:gpt-test", "--base-url", `${server.url}/v1`];
    const result = await runCli([...args, "--log-level", "DEBUG", "--log-file", logFile, "Hi"], {
      home: home.path,
      env: { OPENAI_API_KEY: "test" },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("Logged.\n");
    const records = (await logged("run."))
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map((r) => r.msg)).toEqual(["command started", "command finished"]);
    expect(records[0]).toMatchObject({ level: 20, command: "run", model: "openai:gpt-test" });
    expect(records[1]).toMatchObject({ command: "run", exit_code: 0 });
    // Nothing of it reached the terminal.
    expect(result.stderr).not.toContain("command started");

    // At INFO the debug lines are filtered out.
    const quiet = join(logs, "quiet.log");
    const again = await runCli([...args, "--log-level", "INFO", "--log-file", quiet, "Hi"], {
      home: home.path,
      env: { OPENAI_API_KEY: "test" },
    });
    expect(again.code, again.stderr).toBe(0);
    expect(await logged("quiet.")).toBe("");
  });
});
