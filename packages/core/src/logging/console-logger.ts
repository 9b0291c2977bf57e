import type { LogFields, Logger } from "./logger.js";

function line(level: "debug" | "info" | "warn" | "error") {
  return (msg: string, fields?: LogFields) => {
    // The library's default sink: the one place outside the CLI's renderer that writes to the console.
    if (fields === undefined || Object.keys(fields).length === 0)
      console[level](`[agentscope] ${msg}`);
    else console[level](`[agentscope] ${msg}`, fields);
  };
}

/** The default logger: `console`, each line prefixed with `[agentscope]`. Browser-safe. */
export const consoleLogger: Logger = {
  debug: line("debug"),
  info: line("info"),
  warn: line("warn"),
  error: line("error"),
};
