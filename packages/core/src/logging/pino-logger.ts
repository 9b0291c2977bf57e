import type { LogFields, Logger } from "./logger.js";

/** The shape of a pino logger that {@link pinoLogger} needs (fields first, then the message). */
export interface PinoLike {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * A {@link Logger} over a pino logger: pino takes the fields first (`log.warn(fields, msg)`), so a
 * plain `setLogger(pino())` would drop them.
 */
export function pinoLogger(pino: PinoLike): Logger {
  const at =
    (level: keyof PinoLike) =>
    (msg: string, fields?: LogFields): void =>
      pino[level](fields ?? {}, msg);
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
