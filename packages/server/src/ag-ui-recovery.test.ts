import { type BaseEvent, HttpAgent } from "@ag-ui/client";
import { Msg } from "@agentscope-ts/core";
import { afterEach, describe, expect, it } from "vitest";
import { thinkingAgents } from "./__fixtures__/thinking-agent.js";
import { type AgentServer, createAgentServer } from "./agent-server.js";
import type { SessionKey } from "./backend.js";
import { InMemoryBackend } from "./in-memory-backend.js";
import type { AgentFactory } from "./session-runner.js";

const AUTH = { authorization: "Bearer t" };
let server: AgentServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** Leaves a session as a replica that died half way through streaming its answer leaves it. */
async function diedMidAnswer(backend: InMemoryBackend, key: SessionKey) {
  const agent = await (thinkingAgents().thinker as AgentFactory)(key);
  await agent.memory.add(new Msg("u", "hello", "user"));
  const token = (await backend.acquireLease(key, "dead-replica", 60_000)) as number;
  await backend.saveCheckpoint(key, token, {
    agentName: "thinker",
    agent: agent.stateDict(),
    run: { status: "running", runId: "run-1", pending: [] },
  });
  await backend.markActive(key);
  const base = { agentName: "thinker", replyId: "reply-dead", msgId: "m-dead", last: false };
  for (const [type, data] of [
    ["run_started", { agentName: "thinker", status: "running" }],
    ["reply_start", { agentName: "thinker", replyId: "reply-dead" }],
    ["model_chunk", { ...base, delta: { thinking: "Thinking about hello.", text: "" } }],
    ["model_chunk", { ...base, delta: { thinking: "", text: "Answer t" } }],
  ] as const) {
    await backend.appendEvent(key, token, { runId: "run-1", type, data });
  }
  // The replica dies: its lease is no longer renewed and lapses.
  await backend.renewLease(key, token, 1);
}

async function recoverWhenLapsed(s: AgentServer, key: SessionKey) {
  for (let i = 0; i < 200; i++) {
    if (await s.runner.recover(key)) return true;
    await new Promise((r) => setTimeout(r, 5));
  }
  return false;
}

/** Reads the session's AG-UI GET stream through HttpAgent's own transport, parser and pipeline. */
async function readWithHttpAgent(base: string, threadId: string, lastEventId?: string) {
  const url = `${base}/v1/sessions/${threadId}/events?protocol=ag-ui&until=run_end`;
  const agent = new HttpAgent({
    url,
    threadId,
    fetch: () =>
      fetch(url, { headers: lastEventId ? { ...AUTH, "last-event-id": lastEventId } : AUTH }),
  });
  const events: BaseEvent[] = [];
  await agent.runAgent({}, { onEvent: ({ event }) => void events.push(event) });
  return { events, messages: agent.messages };
}

const confirm = {
  name: "confirm",
  description: "Asks the user to confirm.",
  parameters: { type: "object", properties: { arg: { type: "string" } } },
};

/** Leaves a session as a replica that died right after its model called the client's tool. */
async function diedAfterClientCall(backend: InMemoryBackend, key: SessionKey) {
  const agent = await (thinkingAgents().thinker as AgentFactory)(key);
  await agent.memory.add(new Msg("u", "call confirm order", "user"));
  const toolUse = { type: "tool_use" as const, id: "dead_confirm", name: "confirm", input: {} };
  await agent.memory.add(new Msg("thinker", [toolUse], "assistant"));
  const token = (await backend.acquireLease(key, "dead-replica", 60_000)) as number;
  await backend.saveCheckpoint(key, token, {
    agentName: "thinker",
    agent: agent.stateDict(),
    run: { status: "running", runId: "run-1", pending: [], clientTools: [confirm] },
  });
  await backend.markActive(key);
  await backend.appendEvent(key, token, { runId: "run-1", type: "run_started", data: {} });
  await backend.renewLease(key, token, 1);
}

describe("AG-UI across a replica's death", () => {
  it("hands a client tool call left open by a dead replica to the client, then goes on", async () => {
    const backend = new InMemoryBackend();
    server = createAgentServer({
      agents: thinkingAgents(),
      tokens: { t: "u" },
      backend,
      recoveryIntervalMs: 0,
    });
    const base = `http://127.0.0.1:${await server.listen(0)}`;
    const key = { userId: "u", sessionId: "client-call" };
    await diedAfterClientCall(backend, key);
    expect(await recoverWhenLapsed(server, key)).toBe(true);
    const { events } = await readWithHttpAgent(base, "client-call");
    expect(events.find((e) => e.type === "TOOL_CALL_START")).toMatchObject({
      toolCallId: "dead_confirm",
      toolCallName: "confirm",
    });
    expect(events.at(-1)).toMatchObject({
      type: "RUN_FINISHED",
      outcome: { type: "success", pendingToolCallIds: ["dead_confirm"] },
    });
    // The client answers through AG-UI: the run goes on with its result.
    const agent = new HttpAgent({
      url: `${base}/v1/ag-ui`,
      headers: AUTH,
      threadId: "client-call",
    });
    agent.addMessage({ id: "r1", role: "tool", toolCallId: "dead_confirm", content: "ok" });
    await agent.runAgent({ runId: "run-2", tools: [confirm] });
    expect(agent.messages.at(-1)).toMatchObject({ role: "assistant", content: "Done: ok." });
  });

  it("closes the dead replica's open message and keeps one run that a stock client accepts", async () => {
    const backend = new InMemoryBackend();
    server = createAgentServer({
      agents: thinkingAgents(),
      tokens: { t: "u" },
      backend,
      recoveryIntervalMs: 0,
    });
    const base = `http://127.0.0.1:${await server.listen(0)}`;
    const key = { userId: "u", sessionId: "crashed" };
    await diedMidAnswer(backend, key);
    expect(await recoverWhenLapsed(server, key)).toBe(true);

    const { events, messages } = await readWithHttpAgent(base, "crashed");
    const types: string[] = events.map((e) => e.type);
    expect(types.filter((t) => t === "RUN_STARTED")).toHaveLength(1);
    expect(types.at(-1)).toBe("RUN_FINISHED");
    const resumed = events.findIndex((e) => e.type === "CUSTOM");
    expect(events.slice(resumed - 1, resumed + 1)).toEqual([
      { type: "TEXT_MESSAGE_END", messageId: "m-dead" },
      { type: "CUSTOM", name: "agentscope.run_resumed", value: { messageIds: ["m-dead"] } },
    ]);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ["reasoning", "Thinking about hello."],
      ["assistant", "Answer t"],
      ["reasoning", "Thinking about hello."],
      ["assistant", "Answer to hello."],
    ]);
  });

  it("starts a stream resumed mid-run with Last-Event-ID as a run the client accepts", async () => {
    const backend = new InMemoryBackend();
    server = createAgentServer({
      agents: thinkingAgents(),
      tokens: { t: "u" },
      backend,
      recoveryIntervalMs: 0,
    });
    const base = `http://127.0.0.1:${await server.listen(0)}`;
    const key = { userId: "u", sessionId: "mid" };
    await diedMidAnswer(backend, key);
    expect(await recoverWhenLapsed(server, key)).toBe(true);
    const log = await backend.readEvents(key, "0", { blockMs: 0, count: 100 });
    // After the dead replica's thinking chunk: its text message is the first thing to stream.
    const from = log.find((e) => e.type === "model_chunk")?.id as string;
    const { events, messages } = await readWithHttpAgent(base, "mid", from);
    expect(events.slice(0, 2).map((e) => e.type)).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START"]);
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
    expect(messages.map((m) => m.role)).toEqual(["assistant", "reasoning", "assistant"]);
  });
});
