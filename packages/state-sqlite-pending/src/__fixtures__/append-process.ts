// One of two processes appending to the same session at the same time: adds N messages tagged
// TAG, one call each, in order.
import { Msg } from "@agentscope-ts/core";
import { SqliteMemory } from "../sqlite-memory.js";

const memory = new SqliteMemory({ dbPath: process.env.DB_PATH ?? "", sessionId: "appenders" });
const tag = process.env.TAG ?? "";
for (let i = 0; i < Number(process.env.N); i++) {
  await memory.add(new Msg("user", `${tag}${i}`, "user", { id: `${tag}${i}` }));
}
await memory.close();
