export { type CutMode, type CutProxy, startCutProxy } from "./cut-proxy.js";
export { findBinary, postgresBinDirs } from "./find-binary.js";
export { freePort, waitForPort } from "./free-port.js";
export { bundleScript, runScript, type ScriptRun } from "./run-script.js";
export { type RunningPostgres, startPostgres } from "./start-postgres.js";
export { type RunningRedis, startRedis, stopChild } from "./start-redis.js";
