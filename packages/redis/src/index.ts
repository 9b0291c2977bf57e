export { pythonJsonDumps } from "./python-json.js";
export {
  isConnectionFailure,
  type RedisClientLike,
  type RedisConnectionOptions,
} from "./redis-connection.js";
export { RedisMemory, type RedisMemoryOptions } from "./redis-memory.js";
export { RedisSession, type RedisSessionOptions } from "./redis-session.js";
