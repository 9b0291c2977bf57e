import { type Logger, ReActAgent, setLogLevel, ValidationError } from "@agentscope-ts/core";
import { captureLogs, ScriptedChatModel } from "@agentscope-ts/core/testing";
import { afterEach, describe, expect, it } from "vitest";
import { demoAgents, PlainFormatter } from "./__fixtures__/demo-agents.js";
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

  // A server whose `assistant` answers and whose `failing` agent's model always fails.
  const quietServer = (options: { recordLevel?: "debug" | "info" } = {}) =>
    createAgentServer({
      agents: {
        ...demoAgents(),
        failing: () =>
          new ReActAgent({
            name: "failing",
            sysPrompt: "You fail.",
            model: new ScriptedChatModel({ script: [new Error("boom")], maxRetries: 0 }),
            formatter: new PlainFormatter(),
          }),
      },
      backend: new InMemoryBackend(),
      tokens: { [TOKEN]: "alice" },
      recoveryIntervalMs: 0,
      ...options,
    });
  const converse = async (s: AgentServer, session: string, agent = "assistant") => {
    const headers = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };
    const posted = await s.app.fetch(
      new Request(`http://local/v1/sessions/${session}/messages`, {
        method: "POST",
        headers,
        body: JSON.stringify({ content: "hello", agent }),
      }),
    );
    expect(posted.status).toBe(202);
    await readSse(
      await s.app.fetch(new Request(`http://local/v1/sessions/${session}/events`, { headers })),
      untilRunEnd,
    );
  };
  const records = (logs: ReturnType<typeof captureLogs>) =>
    logs.records.filter((r) => r.msg === "request" || r.msg.startsWith("run_"));

  it("without a logger, records are debug on core's logger: a library's console gets no line per request", async () => {
    // core's default level (info): what a library user's console shows.
    const logs = captureLogs("info");
    try {
      server = quietServer();
      await converse(server, "quiet");
      await converse(server, "fails", "failing");
      expect(records(logs)).toEqual([]);
      // Errors still show (the failed run's line, at error level).
      expect(logs.messages("error").join("\n")).toMatch(
        /run \S+ of session alice\/fails failed: .*boom/,
      );
      // Raising core's level to debug shows the records, at debug.
      setLogLevel("debug");
      await converse(server, "loud");
      expect(
        records(logs)
          .map((r) => `${r.level} ${r.msg}`)
          .sort(),
      ).toEqual(["debug request", "debug request", "debug run_finished", "debug run_started"]);
    } finally {
      logs.restore();
    }
  });

  it("recordLevel: 'info' puts the records on core's logger at info; a bad value is a ValidationError", async () => {
    const logs = captureLogs("info");
    try {
      server = quietServer({ recordLevel: "info" });
      await converse(server, "s1");
      expect(
        records(logs)
          .map((r) => `${r.level} ${r.msg}`)
          .sort(),
      ).toEqual(["info request", "info request", "info run_finished", "info run_started"]);
    } finally {
      logs.restore();
    }
    const error = (() => {
      try {
        quietServer({ recordLevel: "loud" as "info" });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect(String(error)).toContain("recordLevel");
  });
});
