export { type AgentScopeRun, type InitOptions, init, shutdown } from "./init.js";
export { type LogFile, type LogFileOptions, openLogFile } from "./log-file.js";
export { teeLogger } from "./tee-logger.js";
