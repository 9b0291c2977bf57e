import {
  type Logger,
  type LogLevel,
  type LogLevelName,
  parseLogLevel,
  pinoLogger,
  ValidationError,
} from "@agentscope-ts/core";
import { pino } from "pino";
import build from "pino-roll";

/** Options of {@link openLogFile}. */
export interface LogFileOptions {
  /** The log file, e.g. `logs/run.log`; rotated files are numbered (`logs/run.1.log`, …). */
  path: string;
  /** The lowest level written. Default `INFO`. */
  level?: LogLevelName | LogLevel;
  /** Rotate when a file reaches this many bytes. Default 10 MiB. */
  maxFileBytes?: number;
  /** How many rotated files are kept besides the one being written. Default 5. */
  maxFiles?: number;
  /** Fields on every line (e.g. the run's id). */
  base?: Record<string, unknown>;
}

/** A JSON-lines log file with rotation: its {@link Logger}, and how to flush and close it. */
export interface LogFile {
  /** Writes one JSON line per record (`level`, `time`, `msg` and the fields). */
  readonly logger: Logger;
  /** The underlying pino logger. */
  readonly pino: import("pino").Logger;
  /** Writes out what is buffered. */
  flush(): Promise<void>;
  /** Flushes and closes the file (records after it are dropped). */
  close(): Promise<void>;
}

function positive(value: number | undefined, field: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value <= 0) {
    throw new ValidationError("log file options", [
      { path: field, message: `expected a positive whole number, received ${value}` },
    ]);
  }
  return value;
}

/**
 * Opens a JSON-lines log file through pino and pino-roll: one parseable line per record, rotated
 * at `maxFileBytes`, at most `maxFiles` old files kept. The parent folder is created.
 */
export async function openLogFile(options: LogFileOptions): Promise<LogFile> {
  if (typeof options.path !== "string" || options.path === "") {
    throw new ValidationError("log file options", [
      { path: "path", message: "expected the log file's path, e.g. logs/run.log" },
    ]);
  }
  const level = parseLogLevel(options.level ?? "INFO", "level");
  const size = positive(options.maxFileBytes, "maxFileBytes", 10 * 1024 * 1024);
  const count = positive(options.maxFiles, "maxFiles", 5);
  const stream = await build({
    file: options.path,
    size: `${Math.max(1, Math.ceil(size / 1024))}k`,
    mkdir: true,
    // Synchronous writes, as a logging FileHandler: nothing is lost when the process dies.
    sync: true,
    limit: { count },
  });
  const log = pino(
    { level, base: options.base ?? null, timestamp: pino.stdTimeFunctions.isoTime },
    stream,
  );
  let closed: Promise<void> | undefined;
  // pino-roll rotates on the stream's next `drain`: a turn of the event loop lets it finish.
  const flush = async () => {
    if (closed) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => stream.flush(() => resolve()));
  };
  return {
    logger: pinoLogger(log),
    pino: log,
    flush,
    close() {
      closed ??= flush().then(
        () =>
          new Promise<void>((resolve) => {
            stream.once("close", () => resolve());
            stream.end();
          }),
      );
      return closed;
    },
  };
}
