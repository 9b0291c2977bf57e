import { EventSchema } from "@ag-ui/core/schemas";
import { afterEach, describe, expect, it } from "vitest";
import { demoAgents } from "./__fixtures__/demo-agents.js";
import { readSse } from "./__fixtures__/sse-client.js";
import { AgUiMapper } from "./ag-ui.js";
import { type AgentServer, createAgentServer } from "./agent-server.js";

const H = { authorization: "Bearer t", "content-type": "application/json" };
let server: AgentServer | null = null;
afterEach(async () => {
  await server?.close();
});

describe("AG-UI events", () => {
  it("streams a run with a tool call as valid AG-UI events", async () => {
    server = createAgentServer({ agents: demoAgents(), tokens: { t: "u" }, recoveryIntervalMs: 0 });
    const app = server.app;
    const post = await app.fetch(
      new Request("http://x/v1/sessions/g/messages", {
        method: "POST",
        headers: H,
        body: JSON.stringify({ content: "call lookup q" }),
      }),
    );
    expect(post.status).toBe(202);
    const res = await app.fetch(
      new Request("http://x/v1/sessions/g/events?protocol=ag-ui&until=run_end", { headers: H }),
    );
    const frames = await readSse(res, (e) => e.data.type === "RUN_FINISHED");
    for (const f of frames) expect(EventSchema.safeParse(f.data).success).toBe(true);
    const types = frames.map((f) => f.data.type);
    expect(types[0]).toBe("RUN_STARTED");
    expect(
      types.slice(types.indexOf("TOOL_CALL_START"), types.indexOf("TOOL_CALL_START") + 4),
    ).toEqual(["TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END", "TOOL_CALL_RESULT"]);
    expect(types.filter((t) => t === "TEXT_MESSAGE_START")).toHaveLength(1);
    expect(types.filter((t) => t === "TEXT_MESSAGE_END")).toHaveLength(1);
    expect(types.at(-1)).toBe("RUN_FINISHED");
    const text = frames
      .filter((f) => f.data.type === "TEXT_MESSAGE_CONTENT")
      .map((f) => f.data.delta)
      .join("");
    expect(text).toContain("Done: lookup ran with q");
    const result = frames.find((f) => f.data.type === "TOOL_CALL_RESULT")?.data;
    expect(result?.content).toBe("lookup ran with q");
    const bad = await app.fetch(
      new Request("http://x/v1/sessions/g/events?protocol=nope", { headers: H }),
    );
    expect(bad.status).toBe(400);
  });

  it("ends a parked run with an interrupt outcome naming the call", async () => {
    server = createAgentServer({
      agents: demoAgents(),
      tokens: { t: "u" },
      recoveryIntervalMs: 0,
      permissions: [{ tool: "send_email", action: "ask" }],
    });
    const app = server.app;
    await app.fetch(
      new Request("http://x/v1/sessions/h/messages", {
        method: "POST",
        headers: H,
        body: JSON.stringify({ content: "call send_email z" }),
      }),
    );
    const res = await app.fetch(
      new Request("http://x/v1/sessions/h/events?protocol=ag-ui", { headers: H }),
    );
    const frames = await readSse(res, (e) => e.data.type === "RUN_FINISHED");
    const end = frames.at(-1)?.data as {
      outcome: { type: string; interrupts: { toolCallId: string }[] };
    };
    expect(EventSchema.safeParse(end).success).toBe(true);
    expect(end.outcome.type).toBe("interrupt");
    expect(end.outcome.interrupts).toHaveLength(1);
  });
});

describe("AgUiMapper", () => {
  const ev = (id: number, type: string, data: Record<string, unknown> = {}, runId = "r1") => ({
    id: `${id}-0`,
    fence: 1,
    runId,
    type,
    data,
  });
  const chunk = (id: number, msgId: string, thinking: string, text: string, last = false) =>
    ev(id, "model_chunk", { msgId, delta: { thinking, text }, last });

  it("gives thinking and text their own ids, a new reasoning id per thinking segment", () => {
    const m = new AgUiMapper("t");
    const out = [
      ev(1, "run_started"),
      chunk(2, "m1", "a", ""),
      chunk(3, "m1", "", "b"),
      chunk(4, "m1", "c", ""),
      chunk(5, "m1", "", "", true),
      ev(6, "run_finished"),
    ].flatMap((e) => m.map(e));
    for (const e of out) expect(EventSchema.safeParse(e).success).toBe(true);
    const ids = (type: string) =>
      out.filter((e) => e.type === type).map((e) => (e as { messageId: string }).messageId);
    expect(ids("REASONING_MESSAGE_START")).toEqual(["m1-reasoning", "m1-reasoning-2"]);
    expect(ids("REASONING_MESSAGE_END")).toEqual(["m1-reasoning", "m1-reasoning-2"]);
    expect(ids("TEXT_MESSAGE_START")).toEqual(["m1"]);
    expect(ids("TEXT_MESSAGE_END")).toEqual(["m1"]);
  });

  it("closes what a dead replica left open, once, and ends every run with its messages closed", () => {
    const m = new AgUiMapper("t");
    const out = [
      ev(1, "run_started"),
      chunk(2, "m1", "half a thought", ""),
      ev(3, "run_resumed"),
      chunk(4, "m2", "", "answer"),
      ev(5, "run_failed", { message: "boom" }),
    ].flatMap((e) => m.map(e));
    expect(out.map((e) => e.type)).toEqual([
      "RUN_STARTED",
      "REASONING_MESSAGE_START",
      "REASONING_MESSAGE_CONTENT",
      "REASONING_MESSAGE_END",
      "CUSTOM",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "RUN_ERROR",
    ]);
    expect(out[4]).toEqual({
      type: "CUSTOM",
      name: "agentscope.run_resumed",
      value: { messageIds: ["m1-reasoning"] },
    });
    // A log that moves on to another run without an end: the open one is ended first.
    const next = [ev(6, "run_started", {}, "r2"), ev(7, "run_started", {}, "r3")].flatMap((e) =>
      m.map(e),
    );
    expect(next.map((e) => [e.type, (e as { runId?: string }).runId])).toEqual([
      ["RUN_STARTED", "r2"],
      ["RUN_FINISHED", "r2"],
      ["RUN_STARTED", "r3"],
    ]);
  });
});
