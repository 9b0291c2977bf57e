import { Msg } from "@agentscope-ts/core";
import { afterEach, describe, expect, it } from "vitest";
import { demoAgents, toolLog } from "./__fixtures__/demo-agents.js";
import { readSse, untilRunEnd } from "./__fixtures__/sse-client.js";
import { type AgentServer, createAgentServer } from "./agent-server.js";
import { InMemoryBackend } from "./in-memory-backend.js";
import type { AgentFactory } from "./session-runner.js";

const H = { authorization: "Bearer t", "content-type": "application/json" };
let server: AgentServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** Leaves a session as a replica that died after the model asked for `tool` would leave it. */
async function crashedAfterReasoning(backend: InMemoryBackend, sessionId: string, tool: string) {
  const key = { userId: "u", sessionId };
  const factory = demoAgents().assistant as AgentFactory;
  const agent = await factory(key);
  await agent.memory.add(new Msg("u", `call ${tool} now`, "user"));
  await agent.memory.add(
    new Msg(
      "assistant",
      [{ type: "tool_use", id: `dead_${tool}`, name: tool, input: { arg: "now" } }],
      "assistant",
    ),
  );
  const token = (await backend.acquireLease(key, "dead-replica", 60_000)) as number;
  await backend.saveCheckpoint(key, token, {
    agentName: "assistant",
    agent: agent.stateDict(),
    run: { status: "running", runId: "run-1", pending: [] },
  });
  await backend.markActive(key);
  // The replica dies: its lease is no longer renewed and lapses.
  await backend.renewLease(key, token, 1);
  return key;
}

async function recoverWhenLapsed(s: AgentServer, key: { userId: string; sessionId: string }) {
  for (let i = 0; i < 200; i++) {
    if (await s.runner.recover(key)) return true;
    await new Promise((r) => setTimeout(r, 5));
  }
  return false;
}

describe("recovery of an orphaned run", () => {
  it("re-runs an idempotent tool call left open by a dead replica", async () => {
    const backend = new InMemoryBackend();
    server = createAgentServer({
      agents: demoAgents(),
      tokens: { t: "u" },
      backend,
      recoveryIntervalMs: 0,
      idempotentTools: ["lookup"],
    });
    toolLog.length = 0;
    const key = await crashedAfterReasoning(backend, "r1", "lookup");
    expect(await recoverWhenLapsed(server, key)).toBe(true);
    const events = await readSse(
      await server.app.fetch(new Request("http://x/v1/sessions/r1/events", { headers: H })),
      untilRunEnd,
    );
    expect(events[0]?.event).toBe("run_resumed");
    expect(events.at(-1)?.event).toBe("run_finished");
    expect(toolLog).toEqual(["lookup(now)"]);
    expect(await backend.listActive(10)).toEqual([]);
    expect((await backend.fenceLog(key)).map((g) => g.replicaId)).toEqual([
      "dead-replica",
      server.replicaId,
    ]);
  });

  it("asks a human before running again a call that may have run", async () => {
    const backend = new InMemoryBackend();
    server = createAgentServer({
      agents: demoAgents(),
      tokens: { t: "u" },
      backend,
      recoveryIntervalMs: 0,
    });
    toolLog.length = 0;
    const key = await crashedAfterReasoning(backend, "r2", "delete_file");
    expect(await recoverWhenLapsed(server, key)).toBe(true);
    const get = (path: string, headers: Record<string, string> = H) =>
      server?.app.fetch(new Request(`http://x${path}`, { headers })) as Promise<Response>;
    const first = await readSse(await get("/v1/sessions/r2/events"), untilRunEnd);
    const parked = first.at(-1);
    expect(parked?.event).toBe("run_parked");
    expect(parked?.data.pending).toEqual([
      {
        toolUse: {
          type: "tool_use",
          id: "dead_delete_file",
          name: "delete_file",
          input: { arg: "now" },
        },
        reason: "may_have_run",
      },
    ]);
    expect(toolLog).toEqual([]);
    const approved = await server.app.fetch(
      new Request("http://x/v1/sessions/r2/approvals/dead_delete_file", {
        method: "POST",
        headers: H,
        body: JSON.stringify({ decision: "approve" }),
      }),
    );
    expect(approved.status).toBe(202);
    const second = await readSse(
      await get("/v1/sessions/r2/events", { ...H, "last-event-id": parked?.id as string }),
      untilRunEnd,
    );
    expect(second.at(-1)?.event).toBe("run_finished");
    expect(toolLog).toEqual(["delete_file(now)"]);
  });

  it("refuses to start without agents or without an auth choice", () => {
    expect(() => createAgentServer({ agents: {}, allowAnonymous: true })).toThrow(
      /at least one agent/,
    );
    expect(() => createAgentServer({ agents: demoAgents() })).toThrow(/allowAnonymous/);
  });

  it("lets extra routes share the server's auth", async () => {
    server = createAgentServer({
      agents: demoAgents(),
      tokens: { t: "u" },
      recoveryIntervalMs: 0,
      routes: (app, { authenticate }) => {
        app.get("/extra/whoami", async (c) => {
          const user = await authenticate(c.req.raw);
          return user ? c.json(user) : c.json({ error: "no" }, 401);
        });
      },
    });
    const ok = await server.app.fetch(new Request("http://x/extra/whoami", { headers: H }));
    expect(await ok.json()).toEqual({ userId: "u" });
    const no = await server.app.fetch(new Request("http://x/extra/whoami"));
    expect(no.status).toBe(401);
  });
});
