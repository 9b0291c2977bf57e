import { setLogger, setLogLevel } from "@agentscope-ts/core";
import type { CliOptions } from "../args/parse-args.js";
import type { CliIO } from "../cli-io.js";

/**
 * Routes the library's logs for `chat` and `run`: `--log-file FILE` sends them to FILE as JSON
 * lines (pino, rotated) at `--log-level`; `--log-level` alone levels the default console logger.
 * Returns the undo (restores the default logger and level, flushes and closes the file).
 */
export async function useCliLogging(
  options: Pick<CliOptions, "logLevel" | "logFile">,
  io: CliIO,
): Promise<() => Promise<void>> {
  if (options.logLevel === undefined && options.logFile === undefined) return async () => {};
  if (options.logFile === undefined) {
    setLogLevel(options.logLevel ?? "info");
    return async () => setLogLevel("info");
  }
  // Imported on use: pino and the log file (with `@agentscope-ts/init`) load only for --log-file.
  const { openCliLogger } = await import("./open-cli-logger.js");
  const logs = await openCliLogger({
    level: options.logLevel,
    file: options.logFile,
    stderr: io.stderr,
  });
  setLogger(logs.logger, { level: options.logLevel ?? "info" });
  return async () => {
    setLogger(null);
    setLogLevel("info");
    await logs.close();
  };
}
