import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { SqliteDatabase } from "@agentscope-ts/sqlite";

/**
 * `@agentscope-ts/sqlite`'s `SqliteDatabase` at `path` (its folder created; `":memory:"` allowed)
 * with the server's own `tables` created: WAL, a busy timeout and typed errors come from the package.
 */
export function openSqliteFile(path: string, tables: string): SqliteDatabase {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const database = new SqliteDatabase({ dbPath: path });
  database.transaction(() => database.db.exec(tables), "create the server's tables");
  return database;
}
