// One "process" of the cross-process test: loads the agent saved under SESSION_ID (if any) from
// PostgreSQL, answers one user message with a scripted model, saves the agent, and prints what it saw.
import { runAgentTurn } from "@agentscope-ts/test-helpers";
import { PostgresMemory } from "../postgres-memory.js";
import { PostgresSession } from "../postgres-session.js";

const url = process.env.DATABASE_URL ?? "";
const sessionId = process.env.SESSION_ID ?? "";
await runAgentTurn(new PostgresMemory({ connectionString: url, sessionId, userId: "ada" }), new PostgresSession({ connectionString: url }));
