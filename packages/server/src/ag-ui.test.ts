import { EventSchema } from "@ag-ui/core/schemas";
import { afterEach, describe, expect, it } from "vitest";
import { demoAgents } from "./__fixtures__/demo-agents.js";
import { readSse } from "./__fixtures__/sse-client.js";
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
