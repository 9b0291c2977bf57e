// One "process" of the cross-process test: loads the agent saved under SESSION_ID (if any) from
// SQLite, answers one user message with a scripted model, saves the agent, and prints what it saw.
import { runAgentTurn } from "@agentscope-ts/test-helpers";
import { SqliteMemory } from "../sqlite-memory.js";
import { SqliteSession } from "../sqlite-session.js";

const url = process.env.DB_PATH ?? "";
const sessionId = process.env.SESSION_ID ?? "";
await runAgentTurn(new SqliteMemory({ dbPath: url, sessionId, userId: "ada" }), new SqliteSession({ dbPath: url }));
