import type { Logger } from "@agentscope-ts/core";
import { afterEach, describe, expect, it } from "vitest";
import { demoAgents } from "./__fixtures__/demo-agents.js";
import { readSse, untilRunEnd } from "./__fixtures__/sse-client.js";
import { type AgentServer, createAgentServer } from "./agent-server.js";
import { InMemoryBackend } from "./in-memory-backend.js";

const TOKEN = "alice-secret-token-0001";
const SECRET = "sk-live-SECRET-0002";

interface Rec {
  level: string;
  msg: string;
  fields?: Record<string, unknown>;
}
function recorder(records: Rec[]): Logger {
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
    records.push({ level, msg, ...(fields ? { fields } : {}) });
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

let server: AgentServer | null = null;
afterEach(async () => {
  await server?.close({ interrupt: true });
  server = null;
});

describe("the server's request and run log", () => {
  it("logs one record per request and per run transition, with ids, status and duration, masked", async () => {
    const records: Rec[] = [];
    server = createAgentServer({
      agents: demoAgents(),
      backend: new InMemoryBackend(),
      tokens: { [TOKEN]: "alice" },
      secrets: [SECRET],
      recoveryIntervalMs: 0,
      logger: recorder(records),
    });
    const headers = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };
    const session = `s-${SECRET}`;
    const posted = await server.app.fetch(
      new Request(`http://local/v1/sessions/${session}/messages`, {
        method: "POST",
        headers: { ...headers, "x-request-id": "req-1" },
        body: JSON.stringify({ content: "hello" }),
      }),
    );
    expect(posted.headers.get("x-request-id")).toBe("req-1");
    const { runId } = (await posted.json()) as { runId: string };
    await readSse(
      await server.app.fetch(
        new Request(`http://local/v1/sessions/${session}/events`, { headers }),
      ),
      untilRunEnd,
    );
    const refused = await server.app.fetch(
      new Request("http://local/v1/sessions/x/messages", { method: "POST", body: "{}" }),
    );
    expect(refused.status).toBe(401);

    const requests = records.filter((r) => r.msg === "request");
    expect(requests.map((r) => [r.fields?.method, r.fields?.status])).toEqual([
      ["POST", 202],
      ["GET", 200],
      ["POST", 401],
    ]);
    expect(requests[0]?.fields).toMatchObject({
      request_id: "req-1",
      user: "alice",
      session: "s-***",
      run: runId,
    });
    expect(typeof requests[0]?.fields?.duration_ms).toBe("number");
    expect(requests[2]?.fields).toMatchObject({ user: null, session: null });
    expect(String(requests[2]?.fields?.request_id)).toMatch(/^[0-9a-f-]{36}$/);

    const runs = records.filter((r) => r.msg.startsWith("run_"));
    expect(runs.map((r) => r.msg)).toEqual(["run_started", "run_finished"]);
    for (const r of runs) {
      expect(r.level).toBe("info");
      expect(r.fields).toMatchObject({ user: "alice", session: "s-***", run: runId });
      expect(typeof r.fields?.fence).toBe("number");
      expect(typeof r.fields?.duration_ms).toBe("number");
    }
    const text = JSON.stringify(records);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(TOKEN);
  });
});
