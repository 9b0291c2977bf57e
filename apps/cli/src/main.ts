import { getLogger } from "@agentscope-ts/core";
import { commandWord } from "./args/command-word.js";
import { helpText } from "./args/help-text.js";
import { type ParsedCommand, parseCliArgs } from "./args/parse-args.js";
import { exitCodeOf, formatFatal } from "./cli-error.js";
import type { CliIO } from "./cli-io.js";
import { runChat } from "./commands/chat.js";
import { runTask } from "./commands/run.js";
import { listSessions } from "./commands/sessions.js";
import { useCliLogging } from "./logging/use-cli-logging.js";
import { studioUrl } from "./studio/studio-url.js";
import { startTracing } from "./tracing/start-tracing.js";
import { cliVersion } from "./version.js";

/**
 * Runs `agentscope` with `argv` (the arguments after the program name) and returns the exit code.
 * Errors are printed on stderr as one line (with the stack under `--debug`).
 */
export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  const debug = argv.includes("--debug");
  try {
    // `serve` has its own parser; global flags may stand before its name (`--debug serve`).
    const { command, args } = commandWord(argv);
    if (command === "serve") {
      // Imported on use: the HTTP server loads only for `serve`.
      const { runServe } = await import("./commands/serve.js");
      return await runServe(args, io);
    }
    if (command === "eval") {
      // Imported on use: the evaluation package loads only for `eval`.
      const { runEval } = await import("./commands/eval.js");
      return await runEval(args, io);
    }
    const parsed = parseCliArgs(argv);
    switch (parsed.kind) {
      case "version":
        io.stdout.write(`${cliVersion()}\n`);
        return 0;
      case "help":
        io.stdout.write(helpText(parsed.command));
        return 0;
      case "sessions":
        return await listSessions(parsed.options, io);
      case "run":
      case "chat": {
        const endLogging = await useCliLogging(parsed.options, io);
        const log = getLogger();
        log.debug("command started", { command: parsed.kind, model: parsed.options.model ?? null });
        let code: number | undefined;
        try {
          code = await runAgentCommand(parsed, io);
          return code;
        } finally {
          log.debug("command finished", { command: parsed.kind, exit_code: code ?? null });
          await endLogging();
        }
      }
    }
  } catch (error) {
    io.stderr.write(formatFatal(error, debug));
    return exitCodeOf(error);
  }
}

/** `chat` or `run` with tracing and Studio as their flags ask. */
async function runAgentCommand(
  parsed: Extract<ParsedCommand, { kind: "chat" | "run" }>,
  io: CliIO,
): Promise<number> {
  const tracing = await startTracing(parsed.options, io.env);
  try {
    // Imported on use: socket.io loads only when the run goes to Studio.
    const studio = studioUrl(parsed.options, io.env)
      ? await (await import("./studio/connect-cli-studio.js")).connectCliStudio(
          parsed.options,
          io,
          parsed.kind,
          tracing !== undefined,
        )
      : undefined;
    try {
      return parsed.kind === "run"
        ? await runTask(parsed.options, parsed.task, io)
        : await runChat(parsed.options, io, studio);
    } finally {
      await studio?.disconnect();
    }
  } finally {
    await tracing?.shutdown();
  }
}
