import type { LogFields, Logger } from "@agentscope-ts/core";

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
