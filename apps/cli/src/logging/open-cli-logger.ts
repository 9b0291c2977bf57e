import { type Logger, parseLogLevel, pinoLogger } from "@agentscope-ts/core";
import { openLogFile } from "@agentscope-ts/init";
import { pino } from "pino";
import type { TextOutput } from "../terminal/style.js";

/** A CLI command's JSON-lines logger, and how to flush and close it. */
export interface CliLogger {
  readonly logger: Logger;
  close(): Promise<void>;
}

/**
 * Opens a pino logger at `level` (`--log-level`, default `info`): JSON lines to `file`
 * (`--log-file`, rotated) when given, else to `stderr`. A bad level is a core `ValidationError`.
 */
export async function openCliLogger(options: {
  level: string | undefined;
  file: string | undefined;
  stderr: TextOutput;
}): Promise<CliLogger> {
  const level = parseLogLevel(options.level ?? "info", "--log-level");
  if (options.file !== undefined) {
    const file = await openLogFile({ path: options.file, level });
    return { logger: file.logger, close: () => file.close() };
  }
  const log = pino(
    { level, base: null, timestamp: pino.stdTimeFunctions.isoTime },
    { write: (line: string) => options.stderr.write(line) },
  );
  return { logger: pinoLogger(log), close: async () => {} };
}
