export { pythonJsonDumps } from "./python-json.js";
export { isErrorReply, RedisCommandError } from "./redis-command-error.js";
export {
  isConnectionFailure,
  type LuaScript,
  luaScript,
  type RedisClientLike,
  RedisConnection,
  type RedisConnectionOptions,
} from "./redis-connection.js";
export { RedisMemory, type RedisMemoryOptions } from "./redis-memory.js";
export { RedisSession, type RedisSessionOptions, sessionStateKey } from "./redis-session.js";
