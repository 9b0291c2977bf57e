import { type LogFields, type Logger, parseLogLevel, pinoLogger } from "@agentscope-ts/core";
import { openLogFile } from "@agentscope-ts/init";
import { pino } from "pino";
import type { TextOutput } from "../terminal/style.js";

/** The JSON-lines logger of `agentscope serve`, and how to flush and close it. */
export interface ServeLogger {
  readonly logger: Logger;
  close(): Promise<void>;
}

/**
 * Opens serve's pino logger at `level` (`--log-level`, default `info`): JSON lines to `file`
 * (`--log-file`, rotated) when given, else to `stderr`.
 */
export async function openServeLogger(options: {
  level: string | undefined;
  file: string | undefined;
  stderr: TextOutput;
}): Promise<ServeLogger> {
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

/** `logger` with every message and field passed through `mask` (secrets become `***`). */
export function maskedLogger(
  logger: Logger,
  mask: { text(text: string): string; json<T>(value: T): T },
): Logger {
  const at =
    (level: keyof Logger) =>
    (msg: string, fields?: LogFields): void =>
      logger[level](mask.text(msg), fields === undefined ? undefined : mask.json(fields));
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
