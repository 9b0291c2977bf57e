import { consoleLogger } from "./console-logger.js";
import { type LogLevel, type LogLevelName, levelEnabled, parseLogLevel } from "./log-level.js";

/** Structured fields of a log record (wire names stay snake_case). */
export type LogFields = Record<string, unknown>;

/**
 * A leveled, structured logger: `console`, a winston logger or {@link pinoLogger}(pino) satisfy
 * it. `fields` carry the record's data apart from its message.
 */
export interface Logger {
  /** Logs detail useful while debugging. */
  debug(msg: string, fields?: LogFields): void;
  /** Logs what happened. */
  info(msg: string, fields?: LogFields): void;
  /** Logs something wrong that the library worked around. */
  warn(msg: string, fields?: LogFields): void;
  /** Logs a failure. */
  error(msg: string, fields?: LogFields): void;
}

/** How many distinct causes {@link warnOnce} remembers before it starts over (a cap, not a leak). */
export const WARN_ONCE_CAPACITY = 10_000;

let sink: Logger = consoleLogger;
let threshold: LogLevel = "info";
const warned = new Set<string>();

function write(level: LogLevel, msg: string, fields?: LogFields): void {
  if (!levelEnabled(level, threshold)) return;
  if (fields === undefined) sink[level](msg);
  else sink[level](msg, fields);
}

const facade: Logger = {
  debug: (msg, fields) => write("debug", msg, fields),
  info: (msg, fields) => write("info", msg, fields),
  warn: (msg, fields) => write("warn", msg, fields),
  error: (msg, fields) => write("error", msg, fields),
};

/**
 * Routes every AgentScope-TS log record to `logger` (`null` restores the default, the console);
 * `level` (default: unchanged) sets the level below which records are dropped.
 */
export function setLogger(logger: Logger | null, options: { level?: LogLevelName } = {}): void {
  sink = logger ?? consoleLogger;
  if (options.level !== undefined) setLogLevel(options.level);
}

/** Sets the level below which records are dropped (`DEBUG`, `INFO`, `WARNING`, `ERROR`, or lower case). */
export function setLogLevel(level: LogLevelName): void {
  threshold = parseLogLevel(level, "level");
}

/** The current log level (lower case). Default `info`, as AgentScope's. */
export function getLogLevel(): LogLevel {
  return threshold;
}

/** The library's logger: filters by level, then writes to the logger set by {@link setLogger}. */
export function getLogger(): Logger {
  return facade;
}

/**
 * Logs a warning once per `cause` (e.g. a formatter and the block type it skips), so a repeated
 * cause costs one line, not one per call.
 */
export function warnOnce(cause: string, msg: string, fields?: LogFields): void {
  if (warned.has(cause)) return;
  if (warned.size >= WARN_ONCE_CAPACITY) warned.clear();
  warned.add(cause);
  write("warn", msg, fields);
}

/** Forgets which causes {@link warnOnce} has warned about (for tests and a fresh `init`). */
export function resetWarnOnce(): void {
  warned.clear();
}
