import type { LogLevel, LogLevelName } from "../logging/log-level.js";
import { type LogFields, resetWarnOnce, setLogger, setLogLevel } from "../logging/logger.js";

/** One record caught by {@link captureLogs}. */
export interface CapturedLog {
  /** The record's level. */
  level: LogLevel;
  /** The message. */
  msg: string;
  /** The fields, when given. */
  fields?: LogFields;
}

/** The records {@link captureLogs} caught, and how to put the default logger back. */
export interface LogCapture {
  /** Every record that passed the level, in order. */
  readonly records: CapturedLog[];
  /** The messages of the records at `level` (all levels when omitted). */
  messages(level?: LogLevel): string[];
  /** Restores the console logger at level `info`. */
  restore(): void;
}

/**
 * Routes AgentScope-TS's logs into an array for a test (at `level`, default `debug`), after
 * forgetting which causes were already warned about. Call `restore()` after the test.
 */
export function captureLogs(level: LogLevelName = "debug"): LogCapture {
  const records: CapturedLog[] = [];
  const at =
    (lvl: LogLevel) =>
    (msg: string, fields?: LogFields): void => {
      records.push(fields === undefined ? { level: lvl, msg } : { level: lvl, msg, fields });
    };
  resetWarnOnce();
  setLogger(
    { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") },
    { level },
  );
  return {
    records,
    messages: (lvl) =>
      records.filter((r) => lvl === undefined || r.level === lvl).map((r) => r.msg),
    restore() {
      setLogger(null);
      setLogLevel("info");
      resetWarnOnce();
    },
  };
}
