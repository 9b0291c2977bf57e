// One "process" of the cross-process test: loads the agent saved under SESSION_ID (if any) from
// Redis, answers one user message with a scripted model, saves the agent, and prints what it saw.
import { runAgentTurn } from "@agentscope-ts/test-helpers";
import { RedisMemory } from "../redis-memory.js";
import { RedisSession } from "../redis-session.js";

const url = process.env.REDIS_URL ?? "";
const sessionId = process.env.SESSION_ID ?? "";
await runAgentTurn(new RedisMemory({ url, sessionId, userId: "ada" }), new RedisSession({ url }));
