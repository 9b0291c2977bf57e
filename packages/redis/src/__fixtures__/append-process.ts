// One of two processes appending to the same session at the same time: adds N messages tagged
// TAG, one call each, in order.
import { Msg } from "@agentscope-ts/core";
import { RedisMemory } from "../redis-memory.js";

const memory = new RedisMemory({ url: process.env.REDIS_URL ?? "", sessionId: "appenders" });
const tag = process.env.TAG ?? "";
for (let i = 0; i < Number(process.env.N); i++) {
  await memory.add(new Msg("user", `${tag}${i}`, "user", { id: `${tag}${i}` }));
}
await memory.close();
