export { consoleLogger } from "./console-logger.js";
export { type LogLevel, type LogLevelName, levelEnabled, parseLogLevel } from "./log-level.js";
export {
  getLogger,
  getLogLevel,
  type LogFields,
  type Logger,
  resetWarnOnce,
  setLogger,
  setLogLevel,
  WARN_ONCE_CAPACITY,
  warnOnce,
} from "./logger.js";
export { type PinoLike, pinoLogger } from "./pino-logger.js";
