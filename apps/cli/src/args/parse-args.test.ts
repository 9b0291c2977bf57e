import { describe, expect, it } from "vitest";
import { CliError } from "../cli-error.js";
import { parseCliArgs } from "./parse-args.js";

function usageErrorOf(argv: string[]): string {
  try {
    parseCliArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(2);
    return (error as Error).message;
  }
  throw new Error("expected a usage error");
}

describe("parseCliArgs", () => {
  it("defaults to chat and reads every flag", () => {
    const parsed = parseCliArgs([
      "-m",
      "openai:gpt-4.1",
      "--base-url",
      "http://x/v1",
      "-y",
      "--mcp-config",
      "m.json",
      "-k",
      "./docs",
      "--plan",
      "-s",
      "work",
      "--sessions-dir",
      "/tmp/s",
      "--sys-prompt",
      "Be brief.",
      "--max-iters",
      "3",
      "--max-tokens",
      "100",
      "--context-size",
      "2048",
      "--threads",
      "2",
      "--no-tools",
      "--speak",
      "--speak-to",
      "out",
      "--tts",
      "openai:gpt-4o-mini-tts",
      "--debug",
    ]);
    expect(parsed).toEqual({
      kind: "chat",
      options: {
        model: "openai:gpt-4.1",
        baseUrl: "http://x/v1",
        yes: true,
        mcpConfig: "m.json",
        knowledge: "./docs",
        plan: true,
        session: "work",
        sessionsDir: "/tmp/s",
        sysPrompt: "Be brief.",
        maxIters: 3,
        maxTokens: 100,
        contextSize: 2048,
        threads: 2,
        noTools: true,
        speak: true,
        speakTo: "out",
        tts: "openai:gpt-4o-mini-tts",
        json: false,
        debug: true,
      },
    });
  });

  it("--tts needs --speak or --speak-to", () => {
    expect(() => parseCliArgs(["--tts", "openai"])).toThrow(
      /--tts chooses the voice of --speak or --speak-to DIR/,
    );
    expect(parseCliArgs(["--speak-to", "d", "--tts", "gemini"])).toMatchObject({
      options: { speak: false, speakTo: "d", tts: "gemini" },
    });
  });

  it("run takes the task from its positionals, in any order with flags", () => {
    const parsed = parseCliArgs(["--json", "run", "count", "--yes", "the files"]);
    expect(parsed).toMatchObject({ kind: "run", task: "count the files" });
    expect(parsed.kind === "run" && parsed.options).toMatchObject({ json: true, yes: true });
    expect(parseCliArgs(["run"])).toMatchObject({ kind: "run", task: undefined });
  });

  it("help, version and sessions", () => {
    expect(parseCliArgs(["--version"])).toEqual({ kind: "version" });
    expect(parseCliArgs(["-h"])).toEqual({ kind: "help" });
    expect(parseCliArgs(["run", "--help"])).toEqual({ kind: "help", command: "run" });
    expect(parseCliArgs(["help", "sessions"])).toEqual({ kind: "help", command: "sessions" });
    expect(parseCliArgs(["help", "serve"])).toEqual({ kind: "help", command: "serve" });
    expect(parseCliArgs(["sessions", "--sessions-dir", "d"])).toMatchObject({
      kind: "sessions",
      options: { sessionsDir: "d" },
    });
  });

  it("names the bad flag or value", () => {
    expect(usageErrorOf(["--nope"])).toBe("unknown option --nope (see agentscope --help)");
    expect(usageErrorOf(["chat", "--sesion", "x"])).toBe(
      "unknown option --sesion; did you mean --session? (see agentscope chat --help)",
    );
    expect(usageErrorOf(["chat", "--json"])).toContain("--json does not apply to 'chat'");
    expect(usageErrorOf(["sessions", "--yes"])).toContain("--yes does not apply to 'sessions'");
    expect(usageErrorOf(["sessions", "--knowledge", "d"])).toContain(
      "--knowledge does not apply to 'sessions'",
    );
    expect(usageErrorOf(["--knowledge", " "])).toContain("--knowledge needs a value");
    expect(usageErrorOf(["--max-iters", "two"])).toContain(
      '--max-iters needs a positive whole number, got "two"',
    );
    expect(usageErrorOf(["--threads", "0"])).toContain("--threads needs a positive whole number");
    expect(usageErrorOf(["--model"])).toContain("--model needs a value");
    expect(usageErrorOf(["--session", "../x"])).toContain("is not a valid name");
    expect(usageErrorOf(["hello there"])).toContain('agentscope run "hello there"');
    expect(usageErrorOf(["help", "nope"])).toContain('no command "nope"');
  });

  it("reads --model-timeout in seconds and rejects a bad value", () => {
    const parsed = parseCliArgs(["run", "--model-timeout", "45", "task"]);
    expect(parsed.kind === "run" && parsed.options.modelTimeout).toBe(45);
    expect(usageErrorOf(["--model-timeout", "0"])).toMatch(/--model-timeout needs a positive/);
    expect(usageErrorOf(["sessions", "--model-timeout", "5"])).toMatch(/does not apply/);
  });

  it("reads --mcp-timeout in seconds and rejects a bad value", () => {
    const parsed = parseCliArgs(["chat", "--mcp-timeout", "5"]);
    expect(parsed.kind === "chat" && parsed.options.mcpTimeout).toBe(5);
    expect(usageErrorOf(["--mcp-timeout", "1.5"])).toMatch(/--mcp-timeout needs a positive/);
    expect(usageErrorOf(["sessions", "--mcp-timeout", "5"])).toMatch(/does not apply/);
  });

  it("reads --trace URL for chat and run only", () => {
    const parsed = parseCliArgs(["run", "--trace", "http://localhost:4318", "task"]);
    expect(parsed.kind === "run" && parsed.options.trace).toBe("http://localhost:4318");
    expect(usageErrorOf(["--trace", " "])).toMatch(/--trace needs a value/);
    expect(usageErrorOf(["sessions", "--trace", "http://x"])).toMatch(/does not apply/);
  });

  it("reads --log-level (AgentScope's names or lower case) and --log-file for chat and run", () => {
    const parsed = parseCliArgs(["run", "--log-level", "WARNING", "--log-file", "a.log", "task"]);
    expect(parsed.kind === "run" && parsed.options).toMatchObject({
      logLevel: "warning",
      logFile: "a.log",
    });
    const chat = parseCliArgs(["chat", "--log-level", "debug"]);
    expect(chat.kind === "chat" && chat.options.logLevel).toBe("debug");
    expect(usageErrorOf(["--log-level", "loud"])).toMatch(
      /--log-level takes DEBUG, INFO, WARNING or ERROR .*"loud"/,
    );
    expect(usageErrorOf(["sessions", "--log-file", "a.log"])).toMatch(/does not apply/);
  });
});
