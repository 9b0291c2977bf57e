import { ValidationError } from "../errors/index.js";

/** A log level, named as AgentScope names them (`DEBUG`, `INFO`, `WARNING`, `ERROR`) or in lower case. */
export type LogLevelName =
  | "DEBUG"
  | "INFO"
  | "WARNING"
  | "ERROR"
  | "debug"
  | "info"
  | "warning"
  | "error";

/** A log level as the loggers use it (lower case; `warn` is the method of `WARNING`). */
export type LogLevel = "debug" | "info" | "warn" | "error";

const RANKS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * The {@link LogLevel} of a level name (`DEBUG`/`debug`, `INFO`/`info`, `WARNING`/`warning`/`warn`,
 * `ERROR`/`error`); a `ValidationError` naming `field` for anything else.
 */
export function parseLogLevel(value: unknown, field = "loggingLevel"): LogLevel {
  const name = typeof value === "string" ? value.toLowerCase() : "";
  if (name === "warning" || name === "warn") return "warn";
  if (name === "debug" || name === "info" || name === "error") return name;
  throw new ValidationError("log level", [
    {
      path: field,
      message: `expected one of DEBUG, INFO, WARNING, ERROR (or lower case), received ${JSON.stringify(value)}`,
    },
  ]);
}

/** Whether a message at `level` passes a logger set to `threshold`. */
export function levelEnabled(level: LogLevel, threshold: LogLevel): boolean {
  return RANKS[level] >= RANKS[threshold];
}
