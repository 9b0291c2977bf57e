import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The built CLI the tests run. Every test that starts it relies on this package's own `build`
 * having written dist before the tests start (turbo: `test` depends on the package's `build`).
 */
export const CLI_BIN = join(dirname(dirname(fileURLToPath(import.meta.url))), "dist", "bin.js");

/** A temporary folder that is removed by `cleanup()`. */
export async function tempDir(): Promise<{ path: string; cleanup: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), "agentscope-cli-test-"));
  return { path, cleanup: () => rm(path, { recursive: true, force: true }) };
}

/** Options of {@link startCli}. */
export interface StartCliOptions {
  /** Environment variables on top of a clean base (PATH, HOME=home, AGENTSCOPE_HOME, NO_COLOR). */
  env?: Record<string, string>;
  /** The HOME (and AGENTSCOPE_HOME parent) of the process; give a temp folder. */
  home: string;
  /** Extra Node flags before the script (e.g. `--import` of a hook). */
  nodeArgs?: string[];
  /** The working directory. */
  cwd?: string;
  /**
   * Runs the CLI in a pseudo-terminal (through util-linux `script`): stdin, stdout and stderr
   * are TTYs, and everything it prints arrives on `stdout()`.
   */
  pty?: boolean;
}

/** A running `agentscope` process. */
export interface CliProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** Everything written to stdout so far. */
  stdout(): string;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Writes a line to stdin. */
  send(line: string): void;
  /** Ends stdin. */
  end(): void;
  /** Resolves once stdout contains `text` (or matches it); rejects after `timeoutMs`. */
  waitForOutput(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves once stderr contains `text` (or matches it); rejects after `timeoutMs`. */
  waitForStderr(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** The exit code (signal exits give 128 + signal number). */
  readonly exited: Promise<number>;
}

/**
 * Starts `node dist/bin.js …args` with a clean environment: no API keys of the machine running
 * the tests leak in, HOME and AGENTSCOPE_HOME point at `options.home`, colours are off.
 */
export function startCli(args: readonly string[], options: StartCliOptions): CliProcess {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: options.home,
    AGENTSCOPE_HOME: join(options.home, ".agentscope"),
    AGENTSCOPE_MODELS_DIR: join(options.home, "models"),
    NO_COLOR: "1",
    ...options.env,
  };
  const argv = [process.execPath, ...(options.nodeArgs ?? []), CLI_BIN, ...args];
  const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;
  const command = options.pty ? "script" : process.execPath;
  const commandArgs = options.pty
    ? ["-qec", argv.map(quote).join(" "), "/dev/null"]
    : argv.slice(1);
  const child = spawn(command, commandArgs, {
    env,
    cwd: options.cwd ?? options.home,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const listeners = new Set<() => void>();
  child.stdout.setEncoding("utf8").on("data", (d: string) => {
    out += d;
    for (const l of listeners) l();
  });
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    err += d;
    for (const l of listeners) l();
  });
  const exited = new Promise<number>((resolve) => {
    child.on("close", (code, signal) => {
      for (const l of listeners) l();
      resolve(code ?? (signal === "SIGINT" ? 130 : signal === "SIGKILL" ? 137 : 143));
    });
  });
  let done = false;
  void exited.then(() => {
    done = true;
  });
  const waitFor = (stream: "stdout" | "stderr", text: string | RegExp, timeoutMs = 30_000) => {
    const found = () => {
      const seen = stream === "stdout" ? out : err;
      return typeof text === "string" ? seen.includes(text) : text.test(seen);
    };
    return new Promise<void>((resolve, reject) => {
      const check = () => {
        if (found()) finish();
        else if (done) finish(new Error(`the CLI exited before printing ${String(text)}`));
      };
      const timer = setTimeout(
        () => finish(new Error(`timed out waiting for ${String(text)} on ${stream}`)),
        timeoutMs,
      );
      const finish = (error?: Error) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (error) {
          reject(new Error(`${error.message}\n--- stdout:\n${out}\n--- stderr:\n${err}`));
        } else resolve();
      };
      listeners.add(check);
      check();
    });
  };
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    send: (line) => child.stdin.write(`${line}\n`),
    end: () => child.stdin.end(),
    exited,
    waitForOutput: (text, timeoutMs) => waitFor("stdout", text, timeoutMs),
    waitForStderr: (text, timeoutMs) => waitFor("stderr", text, timeoutMs),
  };
}

/** The result of a finished CLI run. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to the end, with `input` (if any) piped into stdin. */
export async function runCli(
  args: readonly string[],
  options: StartCliOptions & { input?: string },
): Promise<CliResult> {
  const cli = startCli(args, options);
  if (options.input !== undefined) cli.child.stdin.write(options.input);
  cli.end();
  const code = await cli.exited;
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
}
