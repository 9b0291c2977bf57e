import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { runCli, tempDir } from "../test/cli-process.js";
import { closedPort, writeMcpConfig } from "../test/fixtures.js";
import { OFFLINE_HINT } from "./model/local-model.js";

// Every error a user can act on is one line on stderr saying what to do: no stack trace.
function expectOneLineError(stderr: string): string {
  const lines = stderr.trim().split("\n");
  const last = lines[lines.length - 1] ?? "";
  expect(last).toMatch(/^agentscope: /);
  expect(stderr).not.toMatch(/^\s+at /m);
  return last;
}

describe("agentscope (subprocess): help, version and errors", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  it("--help for every command, and --version", async () => {
    const pkg = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8"));
    const [main, chat, run, sessions, help, version, serve, helpServe] = await Promise.all([
      runCli(["--help"], { home: home.path }),
      runCli(["chat", "--help"], { home: home.path }),
      runCli(["run", "-h"], { home: home.path }),
      runCli(["sessions", "--help"], { home: home.path }),
      runCli(["help", "run"], { home: home.path }),
      runCli(["--version"], { home: home.path }),
      runCli(["serve", "--help"], { home: home.path }),
      runCli(["help", "serve"], { home: home.path }),
    ]);
    for (const r of [main, chat, run, sessions, help, version, serve, helpServe]) {
      expect(r.code, r.stderr).toBe(0);
    }
    expect(main.stdout).toContain('agentscope run [options] "task"');
    expect(main.stdout).toMatch(/^ {2}agentscope serve \[options\] +serve the agent over HTTP/m);
    expect(serve.stdout).toContain("Usage: agentscope serve [options]");
    expect(serve.stdout).toContain("--token TOKEN=USER");
    expect(helpServe.stdout).toBe(serve.stdout);
    expect(chat.stdout).toContain("--mcp-config FILE");
    expect(chat.stdout).toContain("Ctrl-C interrupts");
    expect(run.stdout).toContain("--json");
    expect(help.stdout).toBe(run.stdout);
    expect(sessions.stdout).toContain("--sessions-dir DIR");
    expect(version.stdout).toBe(`${pkg.version}\n`);
  });

  it("global flags work before or after every subcommand", async () => {
    const pkg = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8"));
    const opts = { home: home.path };
    const commands = ["chat", "run", "sessions", "serve"] as const;
    // --help and --version, either side of the command word, short and long.
    const runs = await Promise.all(
      commands.flatMap((command) => [
        runCli([command, "--help"], opts),
        runCli(["--help", command], opts),
        runCli(["-h", command], opts),
        runCli([command, "-V"], opts),
        runCli(["--version", command], opts),
      ]),
    );
    for (const [i, command] of commands.entries()) {
      const [after, before, short, versionAfter, versionBefore] = runs.slice(i * 5, i * 5 + 5);
      for (const r of [after, before, short, versionAfter, versionBefore]) {
        expect(r?.code, `${command}: ${r?.stderr}`).toBe(0);
      }
      expect(after?.stdout).toContain(`agentscope ${command === "chat" ? "[chat]" : command}`);
      expect(before?.stdout, command).toBe(after?.stdout);
      expect(short?.stdout, command).toBe(after?.stdout);
      expect(versionAfter?.stdout, command).toBe(`${pkg.version}\n`);
      expect(versionBefore?.stdout, command).toBe(`${pkg.version}\n`);
    }

    // --debug before the command word: the command's own error, with the stack trace.
    const [serveBefore, serveAfter, runBefore, chatBefore, sessionsBefore] = await Promise.all([
      runCli(["--debug", "serve"], opts),
      runCli(["serve", "--debug"], opts),
      runCli(["--debug", "run", "--model", "nosuch:model", "hi"], opts),
      runCli(["--debug", "chat", "--model", "nosuch:model"], opts),
      runCli(["--debug", "sessions", "--sessions-dir", join(home.path, "none")], opts),
    ]);
    for (const r of [serveBefore, serveAfter]) {
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /^agentscope: serve needs --token TOKEN=USER \(or --allow-anonymous for local use\)/,
      );
      expect(r.stderr).toMatch(/^\s+at /m);
    }
    for (const r of [runBefore, chatBefore]) {
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^agentscope: unknown model provider "nosuch"/);
      expect(r.stderr).toMatch(/^\s+at /m);
    }
    expect(sessionsBefore.code, sessionsBefore.stderr).toBe(0);
    expect(sessionsBefore.stdout).toContain("No saved sessions in");
  });

  it("a bad model name, a missing key and a bad flag: one line, exit code 2", async () => {
    const [provider, bare, key, flag] = await Promise.all([
      runCli(["run", "--model", "nosuch:model", "hi"], { home: home.path }),
      runCli(["run", "--model", "gpt-4o", "hi"], { home: home.path }),
      runCli(["run", "--model", "anthropic", "hi"], { home: home.path }),
      runCli(["run", "--modle", "x", "hi"], { home: home.path }),
    ]);
    expect(provider.code).toBe(2);
    expect(expectOneLineError(provider.stderr)).toContain(
      'unknown model provider "nosuch" in --model "nosuch:model": use one of openai, anthropic, gemini, dashscope, ollama, llama-cpp',
    );
    expect(bare.code).toBe(2);
    expect(expectOneLineError(bare.stderr)).toContain("write PROVIDER:NAME");
    expect(key.code).toBe(2);
    expect(expectOneLineError(key.stderr)).toContain("set ANTHROPIC_API_KEY");
    expect(flag.code).toBe(2);
    expect(expectOneLineError(flag.stderr)).toBe(
      "agentscope: unknown option --modle; did you mean --model? (see agentscope run --help)",
    );
  });

  it("--debug adds the stack trace", async () => {
    const r = await runCli(["run", "--debug", "--model", "nosuch:model", "hi"], {
      home: home.path,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^agentscope: unknown model provider/);
    expect(r.stderr).toMatch(/^\s+at /m);
  });

  it("an MCP server that fails to start: one line naming it, its last words and the config", async () => {
    const config = await writeMcpConfig(home.path, {
      broken: {
        command: process.execPath,
        args: ["-e", "console.error('fatal: SECRET_TOKEN is not set'); process.exit(3)"],
      },
    });
    const missing = await writeMcpConfig(
      home.path,
      { gone: { command: "agentscope-test-no-such-server", args: [] } },
      "missing.json",
    );
    const env = { OPENAI_API_KEY: "test" };
    const [exits, notFound, badConfig] = await Promise.all([
      runCli(["run", "--mcp-config", config, "hi"], { home: home.path, env }),
      runCli(["run", "--mcp-config", missing, "hi"], { home: home.path, env }),
      runCli(["run", "--mcp-config", join(home.path, "nope.json"), "hi"], { home: home.path, env }),
    ]);
    expect(exits.code).toBe(1);
    const line = expectOneLineError(exits.stderr);
    expect(line).toContain("MCP server 'broken' failed to start");
    expect(line).toContain("fatal: SECRET_TOKEN is not set");
    expect(line).toContain(`Check its entry in ${config}`);
    expect(notFound.code).toBe(1);
    expect(expectOneLineError(notFound.stderr)).toMatch(
      /MCP server 'gone' failed to start: .*ENOENT.*Check its entry in .*missing\.json/,
    );
    expect(badConfig.code).toBe(2);
    expect(expectOneLineError(badConfig.stderr)).toContain(
      "nope.json not found: check --mcp-config",
    );
  });

  it("no key and no network: the local model cannot be downloaded, one line says what to do", async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/tiny-model.gguf`;
    const r = await runCli(["run", "--yes", "hello"], {
      home: home.path,
      env: { AGENTSCOPE_MODEL_URL: url, AGENTSCOPE_MODELS_DIR: join(home.path, "empty-models") },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("no API key found in the environment, so downloading the model");
    expect(expectOneLineError(r.stderr)).toBe(
      `agentscope: cannot download ${url}: no network (ECONNREFUSED); ${OFFLINE_HINT}`,
    );
  });
});
