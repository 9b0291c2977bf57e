import { type BaseEvent, HttpAgent } from "@ag-ui/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readSse } from "./__fixtures__/sse-client.js";
import { thinkingAgents } from "./__fixtures__/thinking-agent.js";
import { type AgentServer, createAgentServer } from "./agent-server.js";

let server: AgentServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function start(options: Partial<Parameters<typeof createAgentServer>[0]> = {}) {
  server = createAgentServer({
    agents: thinkingAgents(),
    tokens: { t: "u" },
    recoveryIntervalMs: 0,
    ...options,
  });
  return `http://127.0.0.1:${await server.listen(0)}`;
}

function client(base: string, threadId: string, path = "/v1/ag-ui") {
  return new HttpAgent({ url: `${base}${path}`, headers: { authorization: "Bearer t" }, threadId });
}

/** Runs one turn of `agent` with `text`, returning the events the client's pipeline saw. */
async function turn(agent: HttpAgent, id: string, text: string, runId: string) {
  agent.addMessage({ id, role: "user", content: text });
  const events: BaseEvent[] = [];
  await agent.runAgent({ runId }, { onEvent: ({ event }) => void events.push(event) });
  return events;
}

describe("AG-UI over POST with @ag-ui/client's HttpAgent", () => {
  it("runs two turns on one thread: each streams only its own run, reasoning apart from the answer", async () => {
    const base = await start();
    const agent = client(base, "thread-1");
    const first = await turn(agent, "u1", "hello", "run-1");
    const second = await turn(agent, "u2", "again", "run-2");

    for (const [events, runId] of [
      [first, "run-1"],
      [second, "run-2"],
    ] as const) {
      const types = events.map((e) => e.type);
      expect(types[0]).toBe("RUN_STARTED");
      expect(types.at(-1)).toBe("RUN_FINISHED");
      expect(types.filter((t) => t === "RUN_STARTED")).toHaveLength(1);
      for (const e of events) {
        if ("runId" in e) expect(e.runId).toBe(runId);
      }
    }
    const answers = second
      .filter((e) => e.type === "TEXT_MESSAGE_CONTENT")
      .map((e) => (e as unknown as { delta: string }).delta)
      .join("");
    expect(answers).toBe("Answer to again.");

    const messages = agent.messages.map((m) => ({ id: m.id, role: m.role, content: m.content }));
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "hello"],
      ["reasoning", "Thinking about hello."],
      ["assistant", "Answer to hello."],
      ["user", "again"],
      ["reasoning", "Thinking about again."],
      ["assistant", "Answer to again."],
    ]);
    expect(new Set(messages.map((m) => m.id)).size).toBe(6);

    // The session holds the same conversation, under the same message ids.
    const state = (await (
      await fetch(`${base}/v1/sessions/thread-1`, { headers: { authorization: "Bearer t" } })
    ).json()) as { memory: { id: string; role: string }[] };
    const ids = (role: string) => state.memory.filter((m) => m.role === role).map((m) => m.id);
    expect(ids("user")).toEqual(["u1", "u2"]);
    expect(ids("assistant")).toEqual(
      messages.filter((m) => m.role === "assistant").map((m) => m.id),
    );

    // GET without Last-Event-ID streams the latest run only, not the first turn again.
    const replay = await readSse(
      await fetch(`${base}/v1/sessions/thread-1/events?protocol=ag-ui&until=run_end`, {
        headers: { authorization: "Bearer t" },
      }),
      (e) => e.data.type === "RUN_FINISHED",
    );
    expect(replay.filter((f) => f.data.type === "RUN_STARTED").map((f) => f.data.runId)).toEqual([
      "run-2",
    ]);
  });

  it("gives the run's context to the agent as a system message before the turn", async () => {
    const base = await start();
    const agent = client(base, "thread-6");
    agent.addMessage({ id: "u1", role: "user", content: "hello" });
    await agent.runAgent({ context: [{ description: "The user's time zone", value: "UTC+2" }] });
    const state = (await (
      await fetch(`${base}/v1/sessions/thread-6`, { headers: { authorization: "Bearer t" } })
    ).json()) as { memory: { role: string; content: unknown }[] };
    expect(state.memory.slice(0, 2)).toMatchObject([
      { role: "system", content: "Context for this turn:\n- The user's time zone: UTC+2" },
      { role: "user", content: "hello" },
    ]);
  });

  it("runs a tool call and answers, naming the agent in the path", async () => {
    const base = await start();
    const agent = client(base, "thread-2", "/v1/ag-ui/thinker");
    const events = await turn(agent, "u1", "call lookup q", "run-1");
    const types: string[] = events.map((e) => e.type);
    const at = types.indexOf("TOOL_CALL_START");
    expect(types.slice(at, at + 4)).toEqual([
      "TOOL_CALL_START",
      "TOOL_CALL_ARGS",
      "TOOL_CALL_END",
      "TOOL_CALL_RESULT",
    ]);
    expect(agent.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    const call = agent.messages[1] as { toolCalls?: { function: { name: string } }[] };
    expect(call.toolCalls?.map((t) => t.function.name)).toEqual(["lookup"]);
    expect(agent.messages[2]?.content).toBe("lookup ran with q");
    expect(agent.messages[3]?.content).toBe("Done: lookup ran with q.");
  });

  it("offers client tools: a call ends the run for the client to run, its result starts the next", async () => {
    const base = await start();
    const agent = client(base, "thread-5");
    const confirm = {
      name: "confirm",
      description: "Asks the user to confirm.",
      parameters: { type: "object", properties: { arg: { type: "string" } }, required: ["arg"] },
    };
    agent.addMessage({ id: "u1", role: "user", content: "call confirm order" });
    let pending: string[] = [];
    await agent.runAgent(
      { runId: "run-1", tools: [confirm] },
      {
        onRunFinishedEvent: (p) => {
          if (p.outcome === "success") pending = p.pendingToolCallIds;
        },
      },
    );
    expect(pending).toHaveLength(1);
    const asked = agent.messages.at(-1) as {
      role: string;
      toolCalls?: { id: string; function: { name: string; arguments: string } }[];
    };
    expect(asked.role).toBe("assistant");
    expect(asked.toolCalls).toEqual([
      {
        id: pending[0],
        type: "function",
        function: { name: "confirm", arguments: '{"arg":"order"}' },
      },
    ]);
    const session = async () =>
      (await (
        await fetch(`${base}/v1/sessions/thread-5`, { headers: { authorization: "Bearer t" } })
      ).json()) as { status: string; pending: { reason: string }[]; memory: { role: string }[] };
    expect(await session()).toMatchObject({ status: "parked", pending: [{ reason: "client" }] });

    // The client runs the tool and sends its result: the agent goes on from there.
    agent.addMessage({ id: "r1", role: "tool", toolCallId: pending[0] as string, content: "yes" });
    await agent.runAgent({ runId: "run-2", tools: [confirm] });
    expect(agent.messages.at(-1)).toMatchObject({ role: "assistant", content: "Done: yes." });
    const after = await session();
    expect(after.status).toBe("idle");
    expect(after.memory.map((m) => m.role)).toEqual(["user", "assistant", "system", "assistant"]);
  });

  it("ends a run waiting for approval with an interrupt the client records", async () => {
    const base = await start({ permissions: [{ tool: "send_email", action: "ask" }] });
    const agent = client(base, "thread-3");
    const events = await turn(agent, "u1", "call send_email z", "run-1");
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
    expect(agent.pendingInterrupts.map((i) => i.reason)).toEqual(["approval"]);

    // The client answers the interrupt on its next run: approved, the call runs and the run goes on.
    const interruptId = agent.pendingInterrupts[0]?.id as string;
    const resumed: BaseEvent[] = [];
    await agent.runAgent(
      { runId: "run-2", resume: [{ interruptId, status: "resolved" }] },
      { onEvent: ({ event }) => void resumed.push(event) },
    );
    expect(resumed[0]).toMatchObject({ type: "RUN_STARTED", runId: "run-2" });
    expect(resumed.find((e) => e.type === "TOOL_CALL_RESULT")).toMatchObject({
      toolCallId: interruptId,
      content: "send_email ran with z",
    });
    expect(agent.messages.at(-1)).toMatchObject({ content: "Done: send_email ran with z." });
    expect(agent.pendingInterrupts).toEqual([]);

    // Cancelled: the call is denied, and the model is told so.
    agent.addMessage({ id: "u2", role: "user", content: "call send_email y" });
    await agent.runAgent({ runId: "run-3" });
    const second = agent.pendingInterrupts[0]?.id as string;
    await agent.runAgent({
      runId: "run-4",
      resume: [{ interruptId: second, status: "cancelled" }],
    });
    expect(String(agent.messages.at(-1)?.content)).toMatch(/^Done: PermissionDenied/);
  });

  it("refuses bad input with typed 4xx errors before starting a run", async () => {
    const base = await start();
    const refused = async (agent: HttpAgent, params: Parameters<HttpAgent["runAgent"]>[0]) => {
      type HttpError = Error & { status?: number; payload?: { error: { message: string } } };
      // The client logs a failed run before rethrowing it: keep that out of the test output.
      const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
      const failed = await agent.runAgent(params).then(
        () => null,
        (e: HttpError) => e,
      );
      expect(logged).toHaveBeenCalledWith("Agent execution failed:", failed);
      logged.mockRestore();
      return { status: failed?.status, message: failed?.payload?.error.message ?? "" };
    };
    const clash = client(base, "thread-4");
    clash.addMessage({ id: "u1", role: "user", content: "hi" });
    const taken = await refused(clash, {
      tools: [{ name: "lookup", description: "Mine.", parameters: { type: "object" } }],
    });
    expect(taken.status).toBe(400);
    expect(taken.message).toContain("tools:");
    expect(taken.message).toContain("lookup");

    const empty = await refused(client(base, "thread-4"), {});
    expect(empty).toEqual({
      status: 400,
      message: expect.stringContaining(
        "messages: must end with the turn's new user or tool message(s)",
      ),
    });

    const image = client(base, "thread-4");
    image.addMessage({
      id: "u1",
      role: "user",
      content: [{ type: "image", source: { type: "url", value: "https://x/y.png" } }],
    });
    expect(await refused(image, {})).toEqual({
      status: 400,
      message: expect.stringContaining("messages.0.content.0: 'image' parts are not supported"),
    });

    const badResume = client(base, "thread-4");
    const answer = { interruptId: "x", status: "resolved" as const, payload: { approve: "yes" } };
    expect(await refused(badResume, { resume: [answer] })).toEqual({
      status: 400,
      message: expect.stringContaining("resume.0.payload.approve"),
    });

    const badThread = client(base, "no spaces allowed");
    badThread.addMessage({ id: "u1", role: "user", content: "hi" });
    expect((await refused(badThread, {})).status).toBe(400);

    const unknown = client(base, "thread-4", "/v1/ag-ui/nobody");
    unknown.addMessage({ id: "u1", role: "user", content: "hi" });
    expect(await refused(unknown, {})).toEqual({
      status: 404,
      message: "No agent named 'nobody'. Agents: thinker.",
    });

    const anonymous = new HttpAgent({ url: `${base}/v1/ag-ui`, threadId: "thread-4" });
    anonymous.addMessage({ id: "u1", role: "user", content: "hi" });
    expect((await refused(anonymous, {})).status).toBe(401);
    // Nothing ran: the session was never created.
    const none = await fetch(`${base}/v1/sessions/thread-4`, {
      headers: { authorization: "Bearer t" },
    });
    expect(none.status).toBe(404);
  });
});
