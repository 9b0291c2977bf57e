import type { LogFields, Logger } from "@agentscope-ts/core";

/** A {@link Logger} writing every record to each of `loggers`, in order. */
export function teeLogger(...loggers: Logger[]): Logger {
  const at =
    (level: keyof Logger) =>
    (msg: string, fields?: LogFields): void => {
      for (const l of loggers) l[level](msg, fields);
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
