export { SqliteDatabase, type SqliteDatabaseOptions } from "./sqlite-database.js";
export { SqliteMemory, type SqliteMemoryOptions } from "./sqlite-memory.js";
export { SqliteSession, type SqliteSessionOptions } from "./sqlite-session.js";
