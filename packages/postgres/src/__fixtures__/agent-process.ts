// One "process" of the cross-process test: loads the agent saved under SESSION_ID (if any) from
// PostgreSQL, answers one user message with a scripted model, saves the agent, and prints what it saw.
import { FormatterBase, Msg, ReActAgent } from "@agentscope-ts/core";
import { ScriptedChatModel, scriptedText } from "@agentscope-ts/core/testing";
import { PostgresMemory } from "../postgres-memory.js";
import { PostgresSession } from "../postgres-session.js";

class PlainFormatter extends FormatterBase {
  async format(msgs: readonly Msg[]): Promise<Record<string, unknown>[]> {
    return msgs.map((m) => ({ role: m.role, name: m.name, content: m.content }));
  }
}

const url = process.env.DATABASE_URL ?? "";
const sessionId = process.env.SESSION_ID ?? "";
const memory = new PostgresMemory({ connectionString: url, sessionId, userId: "ada" });
const session = new PostgresSession({ connectionString: url });
const model = new ScriptedChatModel({ script: [scriptedText(process.env.REPLY ?? "")] });
const agent = new ReActAgent({
  name: "Friday",
  sysPrompt: "You are Friday.",
  model,
  formatter: new PlainFormatter(),
  memory,
});
agent.setConsoleOutputEnabled(false);

const existed = await session.load(sessionId, { agent }, { userId: "ada" });
const reply = await agent.call(new Msg("user", process.env.SAY ?? "", "user"));
await session.save(sessionId, { agent }, { userId: "ada" });
process.stdout.write(
  JSON.stringify({
    existed,
    pid: process.pid,
    reply: reply.getTextContent(),
    prompt: model.calls[0]?.messages.map((m) => m.content),
    memory: (await memory.getMemory()).map((m) => `${m.role}:${m.getTextContent()}`),
  }),
);
await memory.close();
await session.close();
