import {
  FormatterBase,
  type MemoryBase,
  Msg,
  ReActAgent,
  type SessionBase,
} from "@agentscope-ts/core";
import { ScriptedChatModel, scriptedText } from "@agentscope-ts/core/testing";

class PlainFormatter extends FormatterBase {
  async format(msgs: readonly Msg[]): Promise<Record<string, unknown>[]> {
    return msgs.map((m) => ({ role: m.role, name: m.name, content: m.content }));
  }
}

/** A storage-backed memory or session that holds a connection to close. */
type Closable = { close(): Promise<void> };

/**
 * One "process" of a cross-process test: loads the agent saved under `SESSION_ID` (if any) from
 * `session`, answers the user message `SAY` with a model scripted to reply `REPLY`, saves the agent
 * and prints JSON of what it saw (`existed`, `pid`, `reply`, `prompt`, `memory`); then closes both.
 */
export async function runAgentTurn(
  memory: MemoryBase & Closable,
  session: SessionBase & Closable,
): Promise<void> {
  const sessionId = process.env.SESSION_ID ?? "";
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
}
